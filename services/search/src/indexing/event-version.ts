/**
 * The order of events as text: the time JetStream stored the event (microseconds) then its stream
 * sequence, zero-padded so that comparing two versions as strings compares them in stream order.
 * The time keeps the order across a stream that was made again (its sequence starts over).
 */
export function eventVersion(timestampNanos: number, sequence: number): string {
  const micros = Math.max(0, Math.floor(timestampNanos / 1000));
  return `${String(micros).padStart(17, '0')}.${String(sequence).padStart(15, '0')}`;
}
