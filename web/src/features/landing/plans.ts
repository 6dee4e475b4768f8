export interface Plan {
  name: 'Starter' | 'Essentials' | 'Pro';
  price: string;
  features: readonly string[];
}

/** The marketing plans of spec section 1 (copy only; billing is not part of the product). */
export const PLANS: readonly Plan[] = [
  {
    name: 'Starter',
    price: '$5',
    features: [
      'Voice recording',
      'Automatic transcription',
      'Text-only AI conversation',
      'Real-time text feedback on story construction',
      'Limit of 120 minutes per month',
    ],
  },
  {
    name: 'Essentials',
    price: '$8',
    features: [
      'Everything in Starter',
      'Higher monthly recording and transcription limits',
      'AI voice replies as well as text',
      'Resume upload integrated into conversations',
      'AI suggestions to improve resume content',
    ],
  },
  {
    name: 'Pro',
    price: '$12',
    features: [
      'Everything in Essentials',
      'AI mock interviews tailored to resumes and target roles',
      'AI assessment and feedback on interview answers',
      'Export of transcripts and AI content to PDF resumes',
      'LinkedIn-style profiles and personal websites',
    ],
  },
];
