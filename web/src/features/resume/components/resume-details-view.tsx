import type { ResumeContent } from '@story/proto';
import { styled } from 'styled-components';
import { CardSection } from '../../../components/card-section.ts';

const Name = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: 700;
  overflow-wrap: anywhere;
`;

const Contact = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => `${theme.space.xs} ${theme.space.md}`};
  margin: 0;
  padding: 0;
  list-style: none;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};

  li {
    overflow-wrap: anywhere;
  }
`;

const Chips = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    padding: 2px ${({ theme }) => theme.space.sm};
    border-radius: ${({ theme }) => theme.radii.pill};
    background: ${({ theme }) => theme.colors.surfaceMuted};
    border: 1px solid ${({ theme }) => theme.colors.border};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;

const Entries = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};

  h3 {
    font-size: ${({ theme }) => theme.fontSizes.md};
  }
  p {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
  ul {
    margin: 0;
    padding-left: ${({ theme }) => theme.space.lg};
  }
  li {
    overflow-wrap: anywhere;
  }
`;

/** The name, the contact lines and the summary. */
export function ResumeHeaderView({ content }: { content: ResumeContent }) {
  return (
    <>
      {content.name && <Name>{content.name}</Name>}
      {content.contact.length > 0 && (
        <Contact aria-label="Contact">
          {content.contact.map((line, index) => (
            <li key={index}>{line}</li>
          ))}
        </Contact>
      )}
      {content.summary && <p>{content.summary}</p>}
    </>
  );
}

/** Education, skills (as chips) and the other sections, each a card when it has anything. */
export function ResumeMoreView({ content }: { content: ResumeContent }) {
  return (
    <>
      {content.education.length > 0 && (
        <CardSection aria-labelledby="resume-education">
          <h2 id="resume-education">Education</h2>
          <Entries>
            {content.education.map((entry) => (
              <div key={entry.id}>
                <h3>{entry.school}</h3>
                {(entry.degree || entry.dates) && <p>{[entry.degree, entry.dates].filter(Boolean).join(' · ')}</p>}
                {entry.details.length > 0 && (
                  <ul>
                    {entry.details.map((detail, index) => (
                      <li key={index}>{detail}</li>
                    ))}
                  </ul>
                )}
              </div>
            ))}
          </Entries>
        </CardSection>
      )}
      {content.skills.length > 0 && (
        <CardSection aria-labelledby="resume-skills">
          <h2 id="resume-skills">Skills</h2>
          <Chips aria-labelledby="resume-skills">
            {content.skills.map((skill, index) => (
              <li key={index}>{skill}</li>
            ))}
          </Chips>
        </CardSection>
      )}
      {content.extraSections.map((section, index) => (
        <CardSection key={index} aria-labelledby={`resume-extra-${index}`}>
          <h2 id={`resume-extra-${index}`}>{section.heading}</h2>
          <Entries>
            <ul>
              {section.lines.map((line, lineIndex) => (
                <li key={lineIndex}>{line}</li>
              ))}
            </ul>
          </Entries>
        </CardSection>
      ))}
    </>
  );
}
