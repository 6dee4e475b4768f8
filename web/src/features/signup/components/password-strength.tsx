import { styled, useTheme } from 'styled-components';
import { CheckIcon, CircleIcon } from '../../../components/icons.tsx';
import { VisuallyHidden } from '../../../components/visually-hidden.ts';
import { commonPasswordItem, passwordChecklist, strengthMeter, type CommonPasswordRule, type StrengthLevel } from '../lib/signup-form.ts';

const Track = styled.div`
  height: 6px;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  overflow: hidden;
  margin-top: ${({ theme }) => theme.space.xs};
`;

const Fill = styled.div<{ $percent: number; $color: string }>`
  height: 100%;
  width: ${({ $percent }) => $percent}%;
  background: ${({ $color }) => $color};
  transition:
    width 200ms ease,
    background-color 200ms ease;
`;

const Checklist = styled.ul`
  list-style: none;
  margin: ${({ theme }) => theme.space.xs} 0 0;
  padding: 0;
  display: grid;
  gap: 2px;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Item = styled.li<{ $met: boolean }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  color: ${({ theme, $met }) => ($met ? theme.colors.success : theme.colors.textMuted)};
  font-weight: ${({ $met }) => ($met ? 600 : 400)};
`;

/**
 * The strength bar (0/33/67/100 %, the specification's three rules) and the checklist: those three
 * rules and the common-password rule, each green when met.
 */
export function PasswordStrength({
  password,
  checklistId,
  commonPasswordRule,
}: {
  password: string;
  checklistId: string;
  commonPasswordRule: CommonPasswordRule | undefined;
}) {
  const theme = useTheme();
  const meter = strengthMeter(password);
  const colors: Record<StrengthLevel, string> = {
    empty: theme.colors.border,
    weak: theme.colors.danger,
    fair: theme.colors.warning,
    strong: theme.colors.success,
  };
  return (
    <>
      <Track
        role="meter"
        aria-label="Password strength"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={meter.percent}
        aria-valuetext={`${meter.percent}% (${meter.text})`}
        data-testid="password-strength"
        data-strength={meter.percent}
      >
        <Fill $percent={meter.percent} $color={colors[meter.level]} />
      </Track>
      <Checklist id={checklistId} aria-label="Password requirements">
        {[...passwordChecklist(password), commonPasswordItem(password, commonPasswordRule)].map((item) => (
          <Item key={item.id} $met={item.met} data-met={item.met}>
            {item.met ? <CheckIcon size={14} /> : <CircleIcon />}
            <span>{item.label}</span>
            <VisuallyHidden>{item.met ? ' (met)' : ' (not met)'}</VisuallyHidden>
          </Item>
        ))}
      </Checklist>
    </>
  );
}
