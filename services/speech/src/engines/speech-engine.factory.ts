import { existsSync } from 'node:fs';
import OpenAI from 'openai';
import { wordModelPaths, type WordModelPaths } from './moonshine/word-model-files.ts';
import { engineChoice, type SpeechConfig } from '../config.ts';
import { OfflineTextToSpeech } from './festival/offline-text-to-speech.ts';
import { OpenAiSpeechToText } from './openai/openai-speech-to-text.ts';
import { OpenAiTextToSpeech } from './openai/openai-text-to-speech.ts';
import { configuredRecognizerModel } from './pocketsphinx/language-model/language-model-paths.ts';
import { OfflineSpeechToText } from './pocketsphinx/offline-speech-to-text.ts';
import { ScriptedSpeechToText } from './scripted/scripted-speech-to-text.ts';
import { ScriptedTextToSpeech } from './scripted/scripted-text-to-speech.ts';
import type { RecognizerModel } from './pocketsphinx/pocketsphinx-recognizer.ts';
import type { SpeechToText, TextToSpeech } from './speech-engines.ts';

export interface SpeechEngines {
  stt: SpeechToText;
  tts: TextToSpeech;
}

/** The offline recogniser's model as configured; Debian's generic language model (said once) when the career model is not built. */
function offlineRecognizerModel(config: SpeechConfig): RecognizerModel {
  const { missing, ...model } = configuredRecognizerModel(config.POCKETSPHINX_MODEL_DIR, config.POCKETSPHINX_LANGUAGE_MODEL, config.POCKETSPHINX_DICTIONARY);
  if (missing) process.emitWarning(`${missing} is missing (make deps builds it): the offline recogniser uses the generic language model.`);
  return model;
}

/** Moonshine's files when the configuration wants it and they are there; else pocketsphinx hears alone (said once). */
function offlineWordModel(config: SpeechConfig): WordModelPaths | undefined {
  if (config.SPEECH_WORD_MODEL === 'none') return undefined;
  const paths = wordModelPaths(config.SPEECH_WORD_MODEL_DIR);
  const missing = Object.values(paths).find((path) => !existsSync(path));
  if (!missing) return paths;
  process.emitWarning(`${missing} is missing (make deps fetches it): the offline recogniser hears with pocketsphinx alone.`);
  return undefined;
}

/** The engines the configuration picks, writing their temporary files in `tmpDir` (SPEECH_STT_ENGINE, SPEECH_TTS_ENGINE; OpenAI when OPENAI_API_KEY is set; `scripted` in tests). */
export function createSpeechEngines(config: SpeechConfig, tmpDir: string): SpeechEngines {
  const choice = engineChoice(config);
  const client = () => new OpenAI({ apiKey: config.OPENAI_API_KEY, baseURL: config.OPENAI_BASE_URL, timeout: config.SPEECH_ENGINE_TIMEOUT_MS, maxRetries: 0 });
  const limits = { toleranceSeconds: config.SPEECH_TIME_LIMIT_TOLERANCE_SECONDS, deadlineMarginSeconds: config.SPEECH_DECODE_MARGIN_SECONDS };
  const stt = {
    openai: () => new OpenAiSpeechToText({ client: client(), model: config.OPENAI_TRANSCRIBE_MODEL, ...limits, tmpDir }),
    offline: () => new OfflineSpeechToText({ ...offlineRecognizerModel(config), wordModel: offlineWordModel(config), ...limits }),
    scripted: () =>
      new ScriptedSpeechToText({
        scriptFile: config.SPEECH_SCRIPTED_TRANSCRIPTS,
        defaultTranscript: config.SPEECH_SCRIPTED_DEFAULT_TRANSCRIPT,
        secondsPerAudioSecond: config.SPEECH_SCRIPTED_SECONDS_PER_AUDIO_SECOND,
        ...limits,
      }),
  }[choice.stt]();
  const tts = {
    openai: () => new OpenAiTextToSpeech({ client: client(), model: config.OPENAI_SPEECH_MODEL, voice: config.OPENAI_SPEECH_VOICE }),
    offline: () => new OfflineTextToSpeech({ voice: config.FESTIVAL_VOICE, tmpDir, timeoutMs: config.SPEECH_ENGINE_TIMEOUT_MS }),
    scripted: () => new ScriptedTextToSpeech({ timeoutMs: config.SPEECH_ENGINE_TIMEOUT_MS }),
  }[choice.tts]();
  return { stt, tts };
}
