import { useState } from 'react';
import { ADMIN_MESSAGES, PLAN_FEATURES, PLAN_FEATURE_NAMES, PLAN_FEATURE_NOTES, PLAN_NAMES, type PlanFeature, type UserType } from '@story/proto';
import { styled } from 'styled-components';
import { CardLabel } from '../../components/card-layout.ts';
import { notifyFailure, notifySuccess } from '../../components/toast/notify.ts';
import { useUpdateUserTypeSetting } from './api/admin.api.ts';
import type { UserTypeSettingRow } from './api/admin.graphql.ts';
import { featureChange, withoutKey } from './admin-settings.ts';
import { Table, TableScroll } from './admin-table.ts';

const Check = styled.label`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  min-height: 40px;
  cursor: pointer;

  input {
    width: 20px;
    height: 20px;
    accent-color: ${({ theme }) => theme.colors.primary};
    cursor: pointer;
  }
`;

/** What a feature covers beneath its name (which PDFs Export to PDF gives, and what else each needs). */
const Note = styled.span`
  display: block;
  max-width: 28rem;
  margin-top: ${({ theme }) => theme.space.xs};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 400;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** A checkbox being saved: which plan and which feature. */
type Saving = `${UserType}:${PlanFeature}`;

/**
 * What each plan includes (issue 21, 3): a row a feature, a checkbox a plan. A change is saved at
 * once, for that plan alone, and takes effect for its people within a minute (the services keep a
 * plan that long at most).
 */
export function PlanFeaturesTable({ settings, labelledBy }: { settings: readonly UserTypeSettingRow[]; labelledBy: string }) {
  // What each checkbox being saved was set to: shown until the server's answer replaces it.
  const [saving, setSaving] = useState<ReadonlyMap<Saving, boolean>>(new Map());
  const updateSetting = useUpdateUserTypeSetting();

  const toggle = async (row: UserTypeSettingRow, feature: PlanFeature, included: boolean) => {
    const key: Saving = `${row.userType}:${feature}`;
    if (saving.has(key)) return;
    setSaving((previous) => new Map(previous).set(key, included));
    try {
      await updateSetting(featureChange(row, feature, included));
      notifySuccess(`${PLAN_FEATURE_NAMES[feature]} ${included ? 'added to' : 'removed from'} ${PLAN_NAMES[row.userType]}`);
    } catch (error) {
      notifyFailure(ADMIN_MESSAGES.settingsUpdateFailed, error);
    } finally {
      setSaving((previous) => withoutKey(previous, key));
    }
  };

  return (
    <TableScroll role="group" aria-labelledby={labelledBy}>
      <Table>
        <thead>
          <tr>
            <th scope="col">Feature</th>
            {settings.map((row) => (
              <th scope="col" key={row.userType}>
                {PLAN_NAMES[row.userType]} ({row.userType})
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {PLAN_FEATURES.map((feature) => {
            const note = PLAN_FEATURE_NOTES[feature];
            const noteId = note ? `${labelledBy}-${feature}-note` : undefined;
            return (
              <tr key={feature} data-testid={`plan-feature-${feature}`}>
                <th scope="row">
                  {PLAN_FEATURE_NAMES[feature]}
                  {note && <Note id={noteId}>{note}</Note>}
                </th>
                {settings.map((row) => {
                  const included = saving.get(`${row.userType}:${feature}`) ?? row.features[feature];
                  return (
                    <td key={row.userType}>
                      <CardLabel>{PLAN_NAMES[row.userType]}</CardLabel>
                      <Check>
                        <input
                          type="checkbox"
                          checked={included}
                          aria-busy={saving.has(`${row.userType}:${feature}`) || undefined}
                          aria-label={`${PLAN_FEATURE_NAMES[feature]} in ${PLAN_NAMES[row.userType]}`}
                          aria-describedby={noteId}
                          onChange={(event) => void toggle(row, feature, event.target.checked)}
                        />
                        {included ? 'Included' : 'Not included'}
                      </Check>
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </Table>
    </TableScroll>
  );
}
