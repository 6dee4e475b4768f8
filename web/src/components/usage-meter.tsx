import { useId } from 'react';
import { USAGE_WARNING_SHARE, usageMeterText, usageWarningMessage, type UsageResponse } from '@story/proto';
import { styled } from 'styled-components';

const Meter = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};

  meter {
    width: 100%;
    height: 10px;
  }
`;

const Warning = styled.p`
  padding: ${({ theme }) => `${theme.space.xs} ${theme.space.sm}`};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.warningSoft};
  color: ${({ theme }) => theme.colors.warning};
`;

/**
 * "38 of 120 minutes used this month" as a meter with its text (the text names the meter for screen
 * readers; a minute begun counts as used), and from 80 % on a warning of what is left and when it renews.
 */
export function UsageMeter({ usage }: { usage: UsageResponse }) {
  const labelId = useId();
  const limitSeconds = usage.monthlyMinutes * 60;
  const used = Math.min(usage.usedSeconds, limitSeconds);
  const warn = limitSeconds === 0 || usage.usedSeconds >= limitSeconds * USAGE_WARNING_SHARE;
  return (
    <Meter data-testid="usage-meter">
      <span id={labelId}>{usageMeterText(usage.usedSeconds, usage.monthlyMinutes)}</span>
      <meter aria-labelledby={labelId} min={0} max={Math.max(limitSeconds, 1)} low={limitSeconds * USAGE_WARNING_SHARE} high={limitSeconds} value={used} />
      {warn && <Warning role="status">{usageWarningMessage(usage.usedSeconds, usage.monthlyMinutes, new Date(usage.periodEnd))}</Warning>}
    </Meter>
  );
}
