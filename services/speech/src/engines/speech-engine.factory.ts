import OpenAI from 'openai';
import { engineChoice, type SpeechConfig } from '../config.ts';
import { OfflineTextToSpeech } from './festival/offline-text-to-speech.ts';
import { OpenAiSpeechToText } from './openai/openai-speech-to-text.ts';
import { OpenAiTextToSpeech } from './openai/openai-text-to-speech.ts';
import { OfflineSpeechToText } from './pocketsphinx/offline-speech-to-text.ts';
import type { SpeechToText, TextToSpeech } from './speech-engines.ts';

export interface SpeechEngines {
  stt: SpeechToText;
  tts: TextToSpeech;
}

/** The engines the configuration picks, writing their temporary files in `tmpDir` (SPEECH_STT_ENGINE, SPEECH_TTS_ENGINE; OpenAI when OPENAI_API_KEY is set). */
export function createSpeechEngines(config: SpeechConfig, tmpDir: string): SpeechEngines {
  const choice = engineChoice(config);
  const client = () => new OpenAI({ apiKey: config.OPENAI_API_KEY, baseURL: config.OPENAI_BASE_URL, timeout: config.SPEECH_ENGINE_TIMEOUT_MS, maxRetries: 0 });
  const stt =
    choice.stt === 'openai'
      ? new OpenAiSpeechToText({ client: client(), model: config.OPENAI_TRANSCRIBE_MODEL, toleranceSeconds: config.SPEECH_TIME_LIMIT_TOLERANCE_SECONDS, deadlineMarginSeconds: config.SPEECH_DECODE_MARGIN_SECONDS, tmpDir })
      : new OfflineSpeechToText({ modelDir: config.POCKETSPHINX_MODEL_DIR, toleranceSeconds: config.SPEECH_TIME_LIMIT_TOLERANCE_SECONDS, deadlineMarginSeconds: config.SPEECH_DECODE_MARGIN_SECONDS });
  const tts =
    choice.tts === 'openai'
      ? new OpenAiTextToSpeech({ client: client(), model: config.OPENAI_SPEECH_MODEL, voice: config.OPENAI_SPEECH_VOICE })
      : new OfflineTextToSpeech({ voice: config.FESTIVAL_VOICE, tmpDir, timeoutMs: config.SPEECH_ENGINE_TIMEOUT_MS });
  return { stt, tts };
}
