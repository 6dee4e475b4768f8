/** The spoken reply of one saved message, stored apart from the message row. */
export interface MessageAudioRecord {
  messageId: number;
  threadId: number;
  userId: number;
  /** Bytes of MP3 the base64 decodes to; what the per-user quota counts. */
  byteSize: number;
  /** Base64 MP3, as it was saved. */
  audio: string;
}

/**
 * The spoken replies of saved messages, kept out of the message rows so that no thread read or
 * message list ever loads them. The thread repository writes and purges them inside its own
 * transactions (with the message); this interface is how they are read, and how the audio quota is
 * counted. Every read takes the user id. Implementations: SQLite and MongoDB; both pass
 * `message-audio.repository.contract.ts`.
 */
export interface MessageAudioRepository {
  /** The spoken reply of a message of the user's thread, or undefined (no such message, not theirs, or no audio). */
  findAudio(userId: number, threadId: number, messageId: number): Promise<MessageAudioRecord | undefined>;
  /** Bytes of spoken replies the user has stored, deleted threads included until they are purged. */
  savedAudioBytes(userId: number): Promise<number>;
}
