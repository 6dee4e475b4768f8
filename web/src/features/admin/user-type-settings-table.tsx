import { useState } from 'react';
import { ADMIN_MESSAGES, MINUTES_STEP, type ResponseType, type UserType } from '@story/proto';
import { styled } from 'styled-components';
import { Button } from '../../components/button.ts';
import { CardLabel } from '../../components/card-layout.ts';
import { FieldError, Select, compactControlStyles } from '../../components/form-field.tsx';
import { notifyFailure, notifySuccess } from '../../components/toast/notify.ts';
import { VisuallyHidden } from '../../components/visually-hidden.ts';
import { useUpdateUserTypeSetting } from './api/admin.api.ts';
import type { UserTypeSettingRow } from './api/admin.graphql.ts';
import {
  DEFAULT_TIME_LIMIT_MINUTES,
  RESPONSE_TYPE_OPTIONS,
  TIME_LIMIT_STEP_MINUTES,
  capitalize,
  minutesToSeconds,
  monthlyMinutesProblem,
  responseTypeOrDefault,
  secondsToMinutesInput,
  withoutKey,
} from './admin-settings.ts';
import { Table, TableScroll } from './admin-table.ts';

const MinutesInput = styled.input`
  width: 7rem;
  height: 40px;
  ${compactControlStyles}
  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.danger};
  }
`;

/** A minutes cell: its input, and under it the rule the typed value breaks, kept narrow so the table does not widen. */
const MinutesCell = styled.td`
  > p {
    max-width: 14rem;
    margin-top: ${({ theme }) => theme.space.xs};
  }
`;

interface Draft {
  minutes: string;
  responseType: ResponseType;
  /** Monthly minutes as typed (issue 21). */
  monthly: string;
}

interface SettingRowProps {
  row: UserTypeSettingRow;
  /** What the row shows: its edits, else the saved values. */
  values: Draft;
  pending: boolean;
  onEdit: (change: Partial<Draft>) => void;
  onSave: () => void;
}

/** One tier: its time limit and response type, and its Save. */
function SettingRow({ row, values, pending, onEdit, onSave }: SettingRowProps) {
  const name = capitalize(row.userType);
  // Shown as it is typed, in the server's own words (the rule is proto's); Save waits until it is fixed.
  const monthlyProblem = monthlyMinutesProblem(values.monthly);
  const monthlyErrorId = `monthly-minutes-error-${row.userType}`;
  return (
    <tr data-testid={`user-type-row-${row.userType}`}>
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
          onChange={(e) => onEdit({ minutes: e.target.value })}
        />
      </td>
      <MinutesCell>
        <CardLabel>Monthly Minutes</CardLabel>
        <MinutesInput
          type="number"
          inputMode="decimal"
          min={0}
          step={MINUTES_STEP}
          aria-label={`Monthly minutes for ${name}`}
          aria-invalid={monthlyProblem ? true : undefined}
          aria-describedby={monthlyProblem ? monthlyErrorId : undefined}
          value={values.monthly}
          onChange={(e) => onEdit({ monthly: e.target.value })}
        />
        <FieldError id={monthlyErrorId} message={monthlyProblem} />
      </MinutesCell>
      <td>
        <CardLabel>Response Type</CardLabel>
        <Select
          aria-label={`Response type for ${name}`}
          value={values.responseType}
          onChange={(e) => onEdit({ responseType: responseTypeOrDefault(e.target.value) })}
        >
          {RESPONSE_TYPE_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      </td>
      <td>
        <Button onClick={onSave} disabled={pending || monthlyProblem !== undefined} aria-busy={pending || undefined}>
          Save<VisuallyHidden> {name} settings</VisuallyHidden>
        </Button>
      </td>
    </tr>
  );
}

/** Per-tier time limit (minutes) and response type; each row's edits stay local until its Save. */
export function UserTypeSettingsTable({ settings, labelledBy }: { settings: readonly UserTypeSettingRow[]; labelledBy: string }) {
  const [drafts, setDrafts] = useState<Partial<Record<UserType, Draft>>>({});
  const [pending, setPending] = useState<ReadonlyMap<UserType, true>>(new Map());
  const updateSetting = useUpdateUserTypeSetting();

  const rowValues = (row: UserTypeSettingRow): Draft =>
    drafts[row.userType] ?? {
      minutes: secondsToMinutesInput(row.timeLimit),
      responseType: responseTypeOrDefault(row.responseType),
      monthly: String(row.monthlyMinutes),
    };

  const edit = (row: UserTypeSettingRow, change: Partial<Draft>) =>
    setDrafts((previous) => ({ ...previous, [row.userType]: { ...rowValues(row), ...change } }));

  const handleSave = async (row: UserTypeSettingRow) => {
    if (pending.has(row.userType)) return;
    const values = rowValues(row);
    // The row shows the problem and its Save is unavailable; this only guards a save that slipped through.
    if (monthlyMinutesProblem(values.monthly)) return;
    setPending((previous) => new Map(previous).set(row.userType, true));
    try {
      await updateSetting({
        userType: row.userType,
        timeLimit: minutesToSeconds(values.minutes),
        responseType: values.responseType,
        monthlyMinutes: Number(values.monthly),
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
      setPending((previous) => withoutKey(previous, row.userType));
    }
  };

  return (
    <TableScroll role="group" aria-labelledby={labelledBy}>
      <Table>
        <thead>
          <tr>
            <th scope="col">User Type</th>
            <th scope="col">Time Limit (minutes)</th>
            <th scope="col">Monthly Minutes</th>
            <th scope="col">Response Type</th>
            <th scope="col">
              <VisuallyHidden>Actions</VisuallyHidden>
            </th>
          </tr>
        </thead>
        <tbody>
          {settings.map((row) => (
            <SettingRow
              key={row.userType}
              row={row}
              values={rowValues(row)}
              pending={pending.has(row.userType)}
              onEdit={(change) => edit(row, change)}
              onSave={() => void handleSave(row)}
            />
          ))}
        </tbody>
      </Table>
    </TableScroll>
  );
}
