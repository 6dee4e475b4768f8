/**
 * Reading a person's own words for the parts of a story: the STAR signals, figures, feelings, and
 * the requirements of a pasted job-description section. Pure text analysis with no model, shared by
 * the conversations service's offline coach, the feedback service's offline scorer, the profile
 * service's suggestions and the jobs and search services (`@story/language`; the web app does not carry it).
 */
export * from './story-signals.ts';
export * from './story-figures.ts';
export * from './story-feelings.ts';
export * from './interview-requirements.ts';
export * from './interview-relevance.ts';
export * from './non-answers.ts';
export * from './text-words.ts';
export * from './quote-location.ts';
export * from './sentences.ts';
export * from './admissions.ts';
export * from './story-openings.ts';
export * from './section-headings.ts';
