import { PRODUCT_NAME } from '@story/proto/messages/common';
import { Link } from 'react-router';
import { LegalPage } from './legal-page.tsx';
import { PATHS } from '../../lib/paths.ts';

/** What the product stores about a person. */
function WhatWeStore() {
  return (
    <>
      <h2>What we store</h2>
      <ul>
        <li>
          <strong>Your account:</strong> your e-mail address, first and last name, your plan (standard, plus or pro), whether you are an administrator, and when
          you signed up. Your password is stored only as an Argon2id hash, never as the password itself. If you sign in with Google, we also keep your Google
          account id.
        </li>
        <li>
          <strong>Your conversations:</strong> each saved conversation thread with its title, the messages you typed or that were transcribed from your voice or
          an uploaded recording, the AI&apos;s replies, and when each was saved. Nothing is saved until you press Save; practice conversations about a job
          description are saved with that job.
        </li>
        <li>
          <strong>Audio:</strong> when the AI answers aloud, the audio of its spoken reply (MP3) is kept with the message it belongs to. Your own voice
          recordings and uploaded audio files are turned into text and then removed: we keep the text, not the recording.
        </li>
        <li>
          <strong>Story vectors:</strong> so that you can search your stories by meaning, each saved story is also kept as a vector, a list of 1,536 numbers
          computed from its text. It is used only to search your own stories.
        </li>
        <li>
          <strong>Interview practice:</strong> the job descriptions you save (company, job title, the text and its formatted version) and the sections you save
          to practise with.
        </li>
        <li>
          <strong>Signing in and security:</strong> a session cookie while you are signed in and a cookie that protects your requests from forgery, short-lived
          counts of sign-in attempts and requests to slow down attacks, and server logs of errors.
        </li>
      </ul>
      <p>There are no advertising or analytics cookies, and your data is not sold or shared for marketing.</p>
    </>
  );
}

/** Who sees it, what goes to OpenAI, and how long it is kept. */
function WhoSeesItAndForHowLong() {
  return (
    <>
      <h2>Who can see it</h2>
      <p>
        Only you can read your conversations, recordings&apos; text, stories and job descriptions: every request is checked against your account. The
        service&apos;s administrators see the list of accounts (name, e-mail, plan and sign-up date) and set the limits of each plan; the app gives them no
        screen to read your conversations.
      </p>

      <h2>What goes to OpenAI</h2>
      <p>
        The people who run this service may connect it to OpenAI for better replies, transcription and voices. When they do, these are sent to OpenAI&apos;s API
        to be processed, under OpenAI&apos;s API terms:
      </p>
      <ul>
        <li>the messages you send and the conversation so far, to write the AI&apos;s reply and a short title for the conversation;</li>
        <li>your voice recordings and uploaded audio, to turn them into text;</li>
        <li>the AI&apos;s replies, to speak them aloud;</li>
        <li>your saved stories and your search queries, to compute their vectors;</li>
        <li>the job descriptions you paste, to format them.</li>
      </ul>
      <p>
        When OpenAI is not connected, all of this is done on the service&apos;s own servers by built-in engines, and nothing is sent to any AI provider. If you
        sign in with Google, Google&apos;s sign-in button runs on the sign-up page and Google tells us your e-mail address, name and account id.
      </p>

      <h2>How long we keep it</h2>
      <ul>
        <li>Your account, as long as it exists.</li>
        <li>Conversations, stories and job descriptions, until you delete them.</li>
        <li>
          A conversation you delete moves to Deleted Conversations, where you can recover it for <strong>30 days</strong>. After that it is deleted for good,
          with its messages, its spoken replies and the story vectors made from it.
        </li>
        <li>A job description you delete is deleted at once, for good.</li>
        <li>Your recordings: only while they are being transcribed.</li>
        <li>A session ends when you log out, after 7 days without use, and at the latest 30 days after you signed in.</li>
      </ul>
    </>
  );
}

/** Getting the data out or deleted, and changes to this policy. */
function YourRights() {
  return (
    <>
      <h2>Getting your data out, or deleted</h2>
      <ul>
        <li>
          Everything you saved is in the app: your saved conversations on the home page, your stories in Search your stories, your job descriptions under
          Previously saved jobs.
        </li>
        <li>
          To delete a conversation, choose Delete in the list of saved conversations; it is gone for good 30 days later. To delete a job description, choose
          Delete on it.
        </li>
        <li>
          There is no button yet to download all your data at once or to delete your account. Until there is, ask the administrator of this service (the
          organisation that gave you access) to send you a copy or to delete your account and everything in it.
        </li>
        <li>Logout ends your session on the server at once.</li>
      </ul>

      <h2>Changes</h2>
      <p>
        When this policy changes in substance, this page shows the new date at the top. The <Link to={PATHS.terms}>Terms of Service</Link> say what you and we
        agree to when you use {PRODUCT_NAME}.
      </p>
    </>
  );
}

/** /privacy: what the product stores, for how long, what goes to OpenAI, and how to get it out or deleted. */
export function PrivacyPage() {
  return (
    <LegalPage title="Privacy Policy" updated="November 2026">
      <p>
        {PRODUCT_NAME} keeps the stories you tell so that you can come back to them, search them and use them in interviews. This page says plainly what it
        stores, for how long, who else sees it, and how you get it out or deleted.
      </p>
      <WhatWeStore />
      <WhoSeesItAndForHowLong />
      <YourRights />
    </LegalPage>
  );
}
