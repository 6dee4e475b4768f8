import type { UserType } from '@story/proto';

export interface Plan {
  name: 'Starter' | 'Essentials' | 'Pro';
  /** The user type the plan is (issue 21): "Choose …" leads to sign-up with it, or to the plan page when signed in. */
  userType: UserType;
  price: string;
  features: readonly string[];
}

/** The marketing plans of spec section 1, as the pricing block and the plan page show them (their copy, word for word). */
export const PLANS: readonly Plan[] = [
  {
    name: 'Starter',
    userType: 'standard',
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
    userType: 'plus',
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
    userType: 'pro',
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

/** The marketing plan of a user type. */
export function pricingOf(userType: UserType): Plan {
  const plan = PLANS.find((candidate) => candidate.userType === userType);
  if (!plan) throw new Error(`no plan is sold as ${userType}`);
  return plan;
}
