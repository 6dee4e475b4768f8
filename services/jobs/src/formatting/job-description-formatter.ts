/** What the job title and company are, so a language model can tell the posting's sections from its header. */
export interface PostingContext {
  companyName: string;
  jobTitle: string;
}

/** Something that cleans a pasted job description into markdown. */
export interface JobDescriptionFormatter {
  readonly name: string;
  format(text: string, context: PostingContext): Promise<string>;
}
