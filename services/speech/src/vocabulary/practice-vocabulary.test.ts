import { describe, expect, it } from 'vitest';
import { SPEECH_VOCABULARY_LIMITS, speechVocabularySchema } from '@story/proto';
import { isCommonWord } from './common-words.ts';
import { practiceVocabulary } from './practice-vocabulary.ts';

describe('practiceVocabulary', () => {
  it('takes the tools, names and domain words of a snippet, and leaves the common words out', () => {
    const vocabulary = practiceVocabulary(
      '- Run our services on Kubernetes and manage cloud infrastructure with Terraform\n- Keep PostgreSQL databases fast and backed up\n- Draw blood (phlebotomy) in Epic',
    );
    expect(vocabulary).toEqual(expect.arrayContaining(['Kubernetes', 'Terraform', 'PostgreSQL', 'phlebotomy', 'Epic']));
    for (const common of ['Run', 'services', 'manage', 'cloud', 'Keep', 'fast', 'backed', 'Draw', 'blood']) expect(vocabulary).not.toContain(common);
    expect(vocabulary.filter((term) => !term.includes(' ') && isCommonWord(term) && term !== 'Epic')).toEqual([]);
  });

  it('keeps acronyms, but not a shouted common word', () => {
    const vocabulary = practiceVocabulary('- Follow HIPAA rules and each student’s IEP\n- Report EBITDA; close the books in SAP\n- OR handle IT tickets');
    expect(vocabulary).toEqual(expect.arrayContaining(['HIPAA', 'IEP', 'EBITDA', 'SAP']));
    expect(vocabulary).not.toContain('OR');
  });

  it('keeps short names of more than one word, and ignores the capitals of a title-case line', () => {
    expect(practiceVocabulary('- Build reports in Power BI and Google Analytics')).toEqual(expect.arrayContaining(['Power BI', 'Google Analytics']));
    expect(practiceVocabulary('Strong Communication Skills And Great Attitude')).toEqual([]);
  });

  it('is bounded: at most 50 terms, each within the message’s limits, each once', () => {
    const rare = Array.from(
      { length: 120 },
      (_, index) => `Zorbix${String.fromCharCode(97 + (index % 26))}${String.fromCharCode(97 + Math.floor(index / 26))}`,
    );
    const vocabulary = practiceVocabulary(`Use ${rare.join(', ')} and ${'x'.repeat(60)}qz, kubernetes, Kubernetes.`);
    expect(vocabulary).toHaveLength(SPEECH_VOCABULARY_LIMITS.terms);
    expect(speechVocabularySchema.safeParse(vocabulary).success).toBe(true);
    expect(new Set(vocabulary.map((term) => term.toLowerCase())).size).toBe(vocabulary.length);
    expect(practiceVocabulary('kubernetes, then Kubernetes')).toEqual(['Kubernetes']);
  });
});
