import { PRODUCT_NAME } from '@story/proto/messages/common';
import { Link } from 'react-router';
import { LegalPage } from './legal-page.tsx';
import { PATHS } from '../../lib/paths.ts';

/** /terms: what a person agrees to when they use the product, in plain words. */
export function TermsPage() {
  return (
    <LegalPage title="Terms of Service" updated="November 2026">
      <p>
        These terms are what you and the people who run {PRODUCT_NAME} agree to when you use it. They are short on purpose; the{' '}
        <Link to={PATHS.privacy}>Privacy Policy</Link> says what happens to your data.
      </p>

      <h2>What the service does</h2>
      <p>
        {PRODUCT_NAME} lets you tell your career and life stories to an AI coach by voice, by typing or by uploading a recording, keep them as conversations you
        can search, and practise job interviews against job descriptions you save. The AI&apos;s replies are written by a machine: they can be wrong or
        incomplete, and they are not professional career, legal or medical advice.
      </p>

      <h2>Your account</h2>
      <ul>
        <li>Give your real name and an e-mail address you use; sign-up accepts Gmail, Yahoo, Hotmail, Outlook and Live addresses.</li>
        <li>Keep your password to yourself. You are responsible for what is done with your account.</li>
        <li>One account per person.</li>
      </ul>

      <h2>Your stories are yours</h2>
      <p>
        You keep every right to what you tell, type and upload. You allow the service to store and process it only to give you the service: to reply,
        transcribe, speak, title, search and keep your conversations, including sending it to OpenAI when the service is connected to it, as the Privacy Policy
        describes. Do not share other people&apos;s private details without their permission.
      </p>

      <h2>Fair use</h2>
      <ul>
        <li>Do not use the service for anything unlawful, to harass anyone, or to store content you have no right to.</li>
        <li>Do not try to reach other people&apos;s data, break the service&apos;s security or overload it; automated access is not allowed.</li>
        <li>
          The service has limits, for example on how many conversations, messages and spoken replies one account keeps and how many requests it makes in a
          minute. When you reach one, the app says so and what you can do.
        </li>
      </ul>

      <h2>Plans</h2>
      <p>
        The plans and prices are shown on the home page. The app itself takes no payments. Your plan sets your recording time limit and whether replies are also
        spoken.
      </p>

      <h2>Availability and changes</h2>
      <p>
        The service is provided as it is. It may change, be interrupted for maintenance, or lose features. Accounts that break these terms may be suspended.
        When these terms change in substance, this page shows the new date at the top.
      </p>

      <h2>Leaving</h2>
      <p>
        You can stop using the service at any time. The Privacy Policy says how to delete what you saved and how to ask for your account to be deleted.
        Questions about these terms go to the administrator of this service, the organisation that gave you access.
      </p>
    </LegalPage>
  );
}
