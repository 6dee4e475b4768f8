import { useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { ADMIN_MESSAGES, type ResponseType, type UserType } from '@story/proto';
import { styled } from 'styled-components';
import { Button } from '../../components/button.ts';
import { CardLabel } from '../../components/card-layout.ts';
import { Select, compactControlStyles } from '../../components/form-field.tsx';
import { notifyFailure, notifySuccess } from '../../components/toast/notify.ts';
import { VisuallyHidden } from '../../components/visually-hidden.ts';
import { UPDATE_USER_TYPE_SETTING_MUTATION, type UserTypeSettingRow } from './api/admin.graphql.ts';
import {
  DEFAULT_TIME_LIMIT_MINUTES,
  RESPONSE_TYPE_OPTIONS,
  TIME_LIMIT_STEP_MINUTES,
  capitalize,
  minutesToSeconds,
  responseTypeOrDefault,
  secondsToMinutesInput,
} from './admin-settings.ts';
import { Table, TableScroll } from './admin-table.ts';

const MinutesInput = styled.input`
  width: 7rem;
  height: 40px;
  ${compactControlStyles}
`;

interface Draft {
  minutes: string;
  responseType: ResponseType;
}

/** Per-tier time limit (minutes) and response type; each row's edits stay local until its Save. */
export function UserTypeSettingsTable({ settings, labelledBy }: { settings: readonly UserTypeSettingRow[]; labelledBy: string }) {
  const [drafts, setDrafts] = useState<Partial<Record<UserType, Draft>>>({});
  const [pending, setPending] = useState<ReadonlySet<UserType>>(new Set());
  const [updateSetting] = useMutation(UPDATE_USER_TYPE_SETTING_MUTATION);

  const rowValues = (row: UserTypeSettingRow): Draft =>
    drafts[row.userType] ?? { minutes: secondsToMinutesInput(row.timeLimit), responseType: responseTypeOrDefault(row.responseType) };

  const edit = (row: UserTypeSettingRow, change: Partial<Draft>) =>
    setDrafts((previous) => ({ ...previous, [row.userType]: { ...rowValues(row), ...change } }));

  const handleSave = async (row: UserTypeSettingRow) => {
    if (pending.has(row.userType)) return;
    const values = rowValues(row);
    setPending((previous) => new Set(previous).add(row.userType));
    try {
      await updateSetting({
        variables: { userType: row.userType, timeLimit: minutesToSeconds(values.minutes), responseType: values.responseType },
      });
      // The saved row now comes from the server (the cache updated it); drop the local edit.
      setDrafts((previous) => {
        const next = { ...previous };
        delete next[row.userType];
        return next;
      });
      notifySuccess(ADMIN_MESSAGES.settingsUpdated);
    } catch (error) {
      notifyFailure(ADMIN_MESSAGES.settingsUpdateFailed, error);
    } finally {
      setPending((previous) => {
        const next = new Set(previous);
        next.delete(row.userType);
        return next;
      });
    }
  };

  return (
    <TableScroll role="group" aria-labelledby={labelledBy}>
      <Table>
        <thead>
          <tr>
            <th scope="col">User Type</th>
            <th scope="col">Time Limit (minutes)</th>
            <th scope="col">Response Type</th>
            <th scope="col">
              <VisuallyHidden>Actions</VisuallyHidden>
            </th>
          </tr>
        </thead>
        <tbody>
          {settings.map((row) => {
            const values = rowValues(row);
            const name = capitalize(row.userType);
            const isPending = pending.has(row.userType);
            return (
              <tr key={row.userType} data-testid={`user-type-row-${row.userType}`}>
                <th scope="row">{name}</th>
                <td>
                  <CardLabel>Time Limit (minutes)</CardLabel>
                  <MinutesInput
                    type="number"
                    inputMode="decimal"
                    min={0}
                    step={TIME_LIMIT_STEP_MINUTES}
                    placeholder={String(DEFAULT_TIME_LIMIT_MINUTES)}
                    aria-label={`Time limit in minutes for ${name}`}
                    value={values.minutes}
                    onChange={(e) => edit(row, { minutes: e.target.value })}
                  />
                </td>
                <td>
                  <CardLabel>Response Type</CardLabel>
                  <Select
                    aria-label={`Response type for ${name}`}
                    value={values.responseType}
                    onChange={(e) => edit(row, { responseType: responseTypeOrDefault(e.target.value) })}
                  >
                    {RESPONSE_TYPE_OPTIONS.map((option) => (
                      <option key={option.value} value={option.value}>
                        {option.label}
                      </option>
                    ))}
                  </Select>
                </td>
                <td>
                  <Button onClick={() => void handleSave(row)} disabled={isPending} aria-busy={isPending || undefined}>
                    Save<VisuallyHidden> {name} settings</VisuallyHidden>
                  </Button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </Table>
    </TableScroll>
  );
}
