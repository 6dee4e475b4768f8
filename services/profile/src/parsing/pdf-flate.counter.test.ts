import { deflateRawSync, deflateSync, inflateRawSync, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { countFlate } from './pdf-flate.counter.ts';

const MB = 1024 * 1024;

/** Deflate bits written by hand: values least significant bit first, Huffman codes most significant first. */
class BitWriter {
  private readonly bytes: number[] = [];
  private bit = 0;

  value(value: number, bits: number): this {
    for (let at = 0; at < bits; at++) this.push((value >> at) & 1);
    return this;
  }

  code(code: number, bits: number): this {
    for (let at = bits - 1; at >= 0; at--) this.push((code >> at) & 1);
    return this;
  }

  private push(bit: number): void {
    if (this.bit === 0) this.bytes.push(0);
    const last = this.bytes.length - 1;
    this.bytes[last] = (this.bytes[last] ?? 0) | (bit << this.bit);
    this.bit = (this.bit + 1) % 8;
  }

  done(): Uint8Array {
    return new Uint8Array(this.bytes);
  }
}

describe('countFlate', () => {
  it('counts what zlib inflates a real stream to, and stops where the stream ends', () => {
    const text = new TextEncoder().encode(Array.from({ length: 5000 }, (_, row) => `${row} 0 0 ${row % 97} re f BT (Line ${row}) Tj ET`).join('\n'));
    const compressed = new Uint8Array(deflateSync(text));
    const trailing = new Uint8Array([...compressed, ...new Uint8Array(1000).fill(0x41)]);
    expect(countFlate(trailing, 0, trailing.length, Infinity)).toEqual({ inflated: text.length, end: compressed.length - 4 });
  });

  it('stops a bomb just past the limit, having read little of it', () => {
    const bomb = new Uint8Array(deflateSync(new Uint8Array(64 * MB), { level: 9 }));
    const count = countFlate(bomb, 0, bomb.length, 8 * MB);
    expect(count.inflated).toBeGreaterThan(8 * MB);
    expect(count.inflated).toBeLessThan(9 * MB);
    expect(count.end).toBeLessThan(bomb.length / 4);
  });

  it('counts streams that pdfjs inflates and zlib refuses: a window size zlib does not know, matches before the start', () => {
    // pdfjs checks only the method and the checksum of the two header bytes, not the window size.
    const raw = new Uint8Array(deflateRawSync(new Uint8Array(10 * MB), { level: 9 }));
    const oddHeader = new Uint8Array([0x88, 0x1c, ...raw]);
    expect((0x88 * 256 + 0x1c) % 31).toBe(0);
    expect(() => inflateSync(oddHeader)).toThrow();
    expect(countFlate(oddHeader, 0, oddHeader.length, Infinity).inflated).toBe(10 * MB);
    // A fixed-Huffman block of 1000 matches of 258 bytes at distance 1 with nothing before them.
    const bits = new BitWriter().value(1, 1).value(1, 2);
    for (let match = 0; match < 1000; match++) bits.code(0b11000101, 8).code(0, 5);
    const farBack = bits.code(0, 7).done();
    expect(() => inflateRawSync(farBack)).toThrow(/distance too far back/);
    expect(countFlate(new Uint8Array([0x78, 0x9c, ...farBack]), 0, farBack.length + 2, Infinity).inflated).toBe(258_000);
  });

  it('reads a header pdfjs refuses as an empty stream', () => {
    for (const header of [[0x78], [0x79, 0x9c], [0x78, 0x9d], [0x78, 0xbb]])
      expect(countFlate(new Uint8Array(header), 0, header.length, Infinity).inflated).toBe(0);
  });
});
