/** The conversation screen, as other features read what it saved and where its links lead. The voice kit it shares with mock interviews is web/src/voice/. */
export { parseRecordingParams } from './lib/recording-params.ts';
