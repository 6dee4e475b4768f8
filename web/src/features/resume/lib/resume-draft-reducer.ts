import { datesRange, newPartId, type EducationDraft, type ExtraSectionDraft, type ResumeDraft, type ResumeRole } from './resume-draft.ts';

type RoleFields = Partial<Pick<ResumeRole, 'title' | 'company' | 'location' | 'dates'>>;
type EducationFields = Partial<Pick<EducationDraft, 'school' | 'degree' | 'dates' | 'details'>>;

/** What the review screen's form does to a draft. */
export type DraftAction =
  | { type: 'reset'; draft: ResumeDraft }
  | { type: 'field'; field: 'name' | 'contact' | 'summary' | 'skills'; value: string }
  | { type: 'role'; roleId: string; fields: RoleFields }
  | { type: 'addRole' }
  | { type: 'removeRole'; roleId: string }
  | { type: 'bullet'; roleId: string; bulletId: string; text: string }
  | { type: 'addBullet'; roleId: string }
  | { type: 'removeBullet'; roleId: string; bulletId: string }
  | { type: 'moveBullet'; roleId: string; bulletId: string; by: -1 | 1 }
  | { type: 'education'; educationId: string; fields: EducationFields }
  | { type: 'addEducation' }
  | { type: 'removeEducation'; educationId: string }
  | { type: 'extra'; key: string; fields: Partial<Omit<ExtraSectionDraft, 'key'>> }
  | { type: 'addExtra' }
  | { type: 'removeExtra'; key: string };

/** A list with the item at `from` moved to `to` (unchanged when `to` is outside it). */
export function moved<T>(items: readonly T[], from: number, to: number): T[] {
  if (from < 0 || to < 0 || to >= items.length) return [...items];
  const next = [...items];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

function mapRole(draft: ResumeDraft, roleId: string, change: (role: ResumeRole) => ResumeRole): ResumeDraft {
  return { ...draft, roles: draft.roles.map((role) => (role.id === roleId ? change(role) : role)) };
}

/** A role's fields changed; new dates give a new start and end, read from them. */
function withRoleFields(role: ResumeRole, fields: RoleFields): ResumeRole {
  const next = { ...role, ...fields };
  return fields.dates === undefined || fields.dates === role.dates ? next : { ...next, ...datesRange(fields.dates) };
}

function roleAction(draft: ResumeDraft, action: DraftAction): ResumeDraft | undefined {
  switch (action.type) {
    case 'role':
      return mapRole(draft, action.roleId, (role) => withRoleFields(role, action.fields));
    case 'addRole': {
      const role: ResumeRole = { id: newPartId(draft, 'role'), title: '', company: '', location: '', dates: '', start: null, end: null, bullets: [] };
      return { ...draft, roles: [...draft.roles, role] };
    }
    case 'removeRole':
      return { ...draft, roles: draft.roles.filter((role) => role.id !== action.roleId) };
    case 'bullet':
      return mapRole(draft, action.roleId, (role) => ({
        ...role,
        bullets: role.bullets.map((bullet) => (bullet.id === action.bulletId ? { ...bullet, text: action.text } : bullet)),
      }));
    case 'addBullet': {
      const id = newPartId(draft, 'bullet');
      return mapRole(draft, action.roleId, (role) => ({ ...role, bullets: [...role.bullets, { id, text: '' }] }));
    }
    case 'removeBullet':
      return mapRole(draft, action.roleId, (role) => ({ ...role, bullets: role.bullets.filter((bullet) => bullet.id !== action.bulletId) }));
    case 'moveBullet':
      return mapRole(draft, action.roleId, (role) => {
        const from = role.bullets.findIndex((bullet) => bullet.id === action.bulletId);
        return { ...role, bullets: moved(role.bullets, from, from + action.by) };
      });
    default:
      return undefined;
  }
}

function otherAction(draft: ResumeDraft, action: DraftAction): ResumeDraft {
  switch (action.type) {
    case 'reset':
      return action.draft;
    case 'field':
      return { ...draft, [action.field]: action.value };
    case 'education':
      return { ...draft, education: draft.education.map((entry) => (entry.id === action.educationId ? { ...entry, ...action.fields } : entry)) };
    case 'addEducation':
      return { ...draft, education: [...draft.education, { id: newPartId(draft, 'edu'), school: '', degree: '', dates: '', details: '' }] };
    case 'removeEducation':
      return { ...draft, education: draft.education.filter((entry) => entry.id !== action.educationId) };
    case 'extra':
      return { ...draft, extraSections: draft.extraSections.map((section) => (section.key === action.key ? { ...section, ...action.fields } : section)) };
    case 'addExtra': {
      const keys = new Set(draft.extraSections.map((section) => section.key));
      let n = draft.extraSections.length;
      while (keys.has(`extra-${n}`)) n += 1;
      return { ...draft, extraSections: [...draft.extraSections, { key: `extra-${n}`, heading: '', lines: '' }] };
    }
    case 'removeExtra':
      return { ...draft, extraSections: draft.extraSections.filter((section) => section.key !== action.key) };
    default:
      return draft;
  }
}

/** The review form's reducer: every edit of a draft, keeping the ids of the parts it keeps. */
export function resumeDraftReducer(draft: ResumeDraft, action: DraftAction): ResumeDraft {
  return roleAction(draft, action) ?? otherAction(draft, action);
}
