import type { Resume } from '@story/proto';
import { RESUME_SCREEN_MESSAGES } from '@story/proto/messages/resume-screens';
import { useState } from 'react';
import { styled } from 'styled-components';
import { CardSection } from '../../../components/card-section.ts';
import { useAsyncEffect } from '../../../hooks/use-async-effect.ts';
import { fetchResumeVersions, type ResumeVersions } from '../api/resumes.api.ts';
import { versionLine } from '../lib/version-line.ts';

const List = styled.ol`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  margin: 0;
  padding: 0;
  list-style: none;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};

  li[aria-current='true'] {
    color: ${({ theme }) => theme.colors.text};
    font-weight: 600;
  }
`;

/** The résumé's versions, newest first ("Version 3 · saved 28 Nov"), the current one marked; read again with each new version. */
export function VersionsList({ resume }: { resume: Resume }) {
  const [versions, setVersions] = useState<ResumeVersions | null>(null);
  const [failed, setFailed] = useState(false);

  useAsyncEffect(
    () => fetchResumeVersions(resume.id),
    {
      onSuccess: (value) => {
        setVersions([...value].sort((a, b) => b.version - a.version));
        setFailed(false);
      },
      onError: (error) => {
        console.error(RESUME_SCREEN_MESSAGES.versionsFailed, error);
        setFailed(true);
      },
    },
    [resume.id, resume.version],
  );

  return (
    <CardSection aria-labelledby="resume-versions">
      <h2 id="resume-versions">Versions</h2>
      {failed && <p>{RESUME_SCREEN_MESSAGES.versionsFailed}</p>}
      {versions && (
        <List>
          {versions.map((facts) => (
            <li key={facts.version} aria-current={facts.version === resume.version || undefined}>
              {versionLine(facts)}
            </li>
          ))}
        </List>
      )}
    </CardSection>
  );
}
