/**
 * `make bench`: every benchmark, one after another (they share two cores), each printing its
 * figures and the ratio against a reference measured in the same run.
 */
const benches: { name: string; module: string; run: string }[] = [
  { name: 'gateway', module: './gateway.bench.ts', run: 'runGatewayBench' },
  { name: 'conversations', module: './conversations.bench.ts', run: 'runConversationsBench' },
  { name: 'jobs', module: './jobs.bench.ts', run: 'runJobsBench' },
  { name: 'search', module: './search.bench.ts', run: 'runSearchBench' },
  { name: 'feedback', module: './feedback.bench.ts', run: 'runFeedbackBench' },
  { name: 'feedback-arrival', module: './feedback-arrival.bench.ts', run: 'runFeedbackArrivalBench' },
  { name: 'speech', module: './speech.bench.ts', run: 'runSpeechBench' },
  { name: 'voice-browser', module: './voice-browser.bench.ts', run: 'runVoiceBrowserBench' },
  { name: 'speech-capacity', module: './speech-capacity.bench.ts', run: 'runSpeechCapacityBench' },
  { name: 'speech-voices', module: './speech-voices.bench.ts', run: 'runSpeechVoicesBench' },
  { name: 'speech-recognition', module: './speech-recognition.bench.ts', run: 'runSpeechRecognitionBench' },
  { name: 'plans', module: './plans.bench.ts', run: 'runPlansBench' },
  { name: 'resume-suggestions', module: './resume-suggestions.bench.ts', run: 'runResumeSuggestionsBench' },
  { name: 'resume-pdf', module: './resume-pdf.bench.ts', run: 'runResumePdfBench' },
  { name: 'conversation-pdf', module: './conversation-pdf.bench.ts', run: 'runConversationPdfBench' },
  { name: 'export', module: './export.bench.ts', run: 'runExportBench' },
  { name: 'resume-export', module: './export.bench.ts', run: 'runResumeExportBench' },
  { name: 'resume-parse', module: './resume-parse.bench.ts', run: 'runResumeParseBench' },
  { name: 'mock-planning', module: './mock-planning.bench.ts', run: 'runMockPlanningBench' },
  { name: 'mock-interview-voice', module: './mock-interview-voice.bench.ts', run: 'runMockInterviewVoiceBench' },
  { name: 'migrate', module: './migrate.bench.ts', run: 'runMigrateBench' },
  { name: 'hardening', module: './hardening.bench.ts', run: 'runHardeningBench' },
];

const only = process.argv[2];
let failed = false;
for (const bench of benches) {
  if (only && only !== bench.name) continue;
  process.stdout.write(`\n=== ${bench.name} ===\n`);
  try {
    const module = (await import(bench.module)) as Record<string, unknown>;
    const run = module[bench.run];
    if (typeof run !== 'function') throw new Error(`${bench.module} does not export ${bench.run}`);
    await (run as () => Promise<unknown>)();
  } catch (error) {
    failed = true;
    process.stderr.write(`${bench.name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  }
}
process.exit(failed ? 1 : 0);
