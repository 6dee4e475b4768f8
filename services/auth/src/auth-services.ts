import type { CookieOptions } from './http/session-cookie.ts';
import type { AccountService } from './services/account.service.ts';
import type { SessionService } from './services/session.service.ts';
import type { UserTypeSettingsService } from './services/user-type-settings.service.ts';

/** The named operations the routes, GraphQL resolvers and NATS responders delegate to. */
export interface AuthServices {
  accounts: AccountService;
  sessions: SessionService;
  settings: UserTypeSettingsService;
  cookie: CookieOptions;
  googleClientId: string | undefined;
}
