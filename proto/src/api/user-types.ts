/** The user types (plans): standard, plus and pro, cheapest first. */
import { z } from 'zod';

export const USER_TYPES = ['standard', 'plus', 'pro'] as const;
export const userTypeSchema = z.enum(USER_TYPES, { error: 'userType must be one of standard, plus, pro' });
export type UserType = z.infer<typeof userTypeSchema>;
