/** The README.md at the top of every export: what each file is. */
export function exportReadme(exportedAt: Date): string {
  return `# Your data

Exported ${exportedAt.toISOString()}. Every folder is the part one of our services keeps; the JSON files
follow the same shapes as the app's API answers.

- \`auth/account.json\`: your account (name, email, plan and when you joined), your plan's settings and the plans you asked for. Never your password.
- \`auth/sessions.json\`: every sign-in, when it started and when it ended or ends.
- \`conversations/threads/<id>.json\`: each conversation thread with its messages (deleted ones still in the deleted folder included).
- \`conversations/threads/<id>/audio/<messageId>.mp3\`: the spoken replies, as they were saved.
- \`conversations/practice/<snippetId>.json\`: your interview practice conversations, by snippet.
- \`conversations/<date>-<title>-<id>.md\` (and \`<date>-practice-<requirement>-s<snippetId>.md\`): every thread and practice as readable text: who said what, and when.
- \`jobs/job-descriptions/<id>.json\`: each job description with its snippets (the questions you practised).
- \`feedback/answers/<answerId>.json\`: the feedback on each answer; several answers to one question are your attempts.
- \`feedback/mock-interviews/<id>.json\`: each mock interview, its questions, answers and report.
- \`profile/resumes/<id>/v<version>.json\`: each version of each résumé, with the suggestions shown for that version.
- \`profile/public-profile.json\`: your public profile as published (with the thread each story came from, which the page never shows).
- \`speech/usage.json\`: the recording minutes you used, month by month.
- \`search/stories.json\`: the stories the search keeps of your conversations.

A folder may be missing when you have nothing there.
`;
}
