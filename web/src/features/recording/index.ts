/** The conversation screen, as other features link to it and read what it saved. */
export { fetchSnippetConversations, type SnippetConversation } from './api/snippet-conversations.api.ts';
export { parseRecordingParams } from './lib/recording-params.ts';
export { bulletStoryPath } from './lib/resume-bullet.ts';
export { requirementStoryPath } from './lib/story-requirement.ts';
export type { TurnContext } from './lib/turn-context.ts';
export { useFetchRecordingSettings } from './api/conversation.api.ts';
export { finishVoiceSession, type SpokenTurn } from './api/voice.api.ts';
export { ReplyAnnouncer } from './components/reply-announcer.tsx';
export { SpokenReplyText } from './components/message-list.tsx';
export { TextComposer } from './components/text-composer.tsx';
export { VoiceRecorder } from './components/voice-recorder.tsx';
export { liveApi, type FinishedRecording } from './hooks/use-recording-session.ts';
export { useSpokenReplies, type Speaking } from './hooks/use-spoken-reply.ts';
export {
  openingMessage,
  withAudioPiece,
  withFirstAudioPiece,
  withoutPendingAudio,
  spokenReplySource,
  type ConversationMessage,
} from './lib/conversation-messages.ts';
export { LiveRecording } from './lib/live-recording.ts';
