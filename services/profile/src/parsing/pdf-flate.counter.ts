/**
 * How many bytes pdfjs inflates a Flate stream to (issue 36), counted without keeping them. The
 * algorithm is pdfjs 4.10's `FlateStream` (src/core/flate_stream.js, Apache-2.0) step for step, not
 * zlib's: pdfjs reads streams that zlib refuses (a distance before the start, a stored block of
 * length 0 and check 0, no Adler-32), and a bomb built to stop zlib early must still be counted.
 * Matches are counted, not copied, so counting a bomb costs little.
 */

const CODE_LENGTH_ORDER = new Int32Array([16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]);
// Extra bits << 16 | base length, for length codes 257…287 (pdfjs' table, three entries of 258 at the end).
const LENGTH_DECODE = new Int32Array([
  0x00003, 0x00004, 0x00005, 0x00006, 0x00007, 0x00008, 0x00009, 0x0000a, 0x1000b, 0x1000d, 0x1000f, 0x10011, 0x20013, 0x20017, 0x2001b, 0x2001f, 0x30023,
  0x3002b, 0x30033, 0x3003b, 0x40043, 0x40053, 0x40063, 0x40073, 0x50083, 0x500a3, 0x500c3, 0x500e3, 0x00102, 0x00102, 0x00102,
]);
const DIST_DECODE = new Int32Array([
  0x00001, 0x00002, 0x00003, 0x00004, 0x10005, 0x10007, 0x20009, 0x2000d, 0x30011, 0x30019, 0x40021, 0x40031, 0x50041, 0x50061, 0x60081, 0x600c1, 0x70101,
  0x70181, 0x80201, 0x80301, 0x90401, 0x90601, 0xa0801, 0xa0c01, 0xb1001, 0xb1801, 0xc2001, 0xc3001, 0xd4001, 0xd6001,
]);

/** A Huffman table as pdfjs builds it: codes indexed by their bit-reversed value (length << 16 | symbol), and the longest length. */
type HuffmanTable = readonly [Int32Array, number];

function huffmanTable(lengths: ArrayLike<number>): HuffmanTable {
  let maxLen = 0;
  for (let i = 0; i < lengths.length; i++) maxLen = Math.max(maxLen, lengths[i] ?? 0);
  const size = 1 << maxLen;
  const codes = new Int32Array(size);
  for (let len = 1, code = 0, skip = 2; len <= maxLen; ++len, code <<= 1, skip <<= 1) {
    for (let symbol = 0; symbol < lengths.length; ++symbol) {
      if (lengths[symbol] !== len) continue;
      let reversed = 0;
      for (let bit = 0, rest = code; bit < len; ++bit, rest >>= 1) reversed = (reversed << 1) | (rest & 1);
      for (let at = reversed; at < size; at += skip) codes[at] = (len << 16) | symbol;
      ++code;
    }
  }
  return [codes, maxLen];
}

const FIXED_LITERALS = huffmanTable(Array.from({ length: 288 }, (_, symbol) => (symbol < 144 ? 8 : symbol < 256 ? 9 : symbol < 280 ? 7 : 8)));
const FIXED_DISTANCES = huffmanTable(new Array<number>(30).fill(5));

/** Where pdfjs gives up on a stream: what it inflated so far stays inflated. */
class StreamEnds extends Error {}

class FlateCounter {
  private at: number;
  private codeBuf = 0;
  private codeSize = 0;
  inflated = 0;

  constructor(
    private readonly data: Uint8Array,
    start: number,
    private readonly end: number,
  ) {
    this.at = start;
  }

  get consumed(): number {
    return this.at;
  }

  private byte(): number {
    return this.at < this.end ? (this.data[this.at++] ?? -1) : -1;
  }

  private bits(count: number): number {
    while (this.codeSize < count) {
      const byte = this.byte();
      if (byte === -1) throw new StreamEnds();
      this.codeBuf |= byte << this.codeSize;
      this.codeSize += 8;
    }
    const value = this.codeBuf & ((1 << count) - 1);
    this.codeBuf >>= count;
    this.codeSize -= count;
    return value;
  }

  private code([codes, maxLen]: HuffmanTable): number {
    while (this.codeSize < maxLen) {
      const byte = this.byte();
      if (byte === -1) break;
      this.codeBuf |= byte << this.codeSize;
      this.codeSize += 8;
    }
    const code = codes[this.codeBuf & ((1 << maxLen) - 1)] ?? 0;
    const length = code >> 16;
    if (length < 1 || this.codeSize < length) throw new StreamEnds();
    this.codeBuf >>= length;
    this.codeSize -= length;
    return code & 0xffff;
  }

  /** One block; true when it was the last one (or the data ended). */
  block(limit: number): boolean {
    let header: number;
    try {
      header = this.bits(3);
    } catch {
      return true;
    }
    const last = (header & 1) === 1;
    const type = header >> 1;
    if (type === 0) {
      const header4 = [this.byte(), this.byte(), this.byte(), this.byte()];
      if (header4.includes(-1)) return true;
      const [lo = 0, hi = 0, checkLo = 0, checkHi = 0] = header4;
      const length = lo | (hi << 8);
      const check = checkLo | (checkHi << 8);
      if (check !== (~length & 0xffff) && (length !== 0 || check !== 0)) throw new StreamEnds();
      this.codeBuf = 0;
      this.codeSize = 0;
      // pdfjs counts the block's length even when fewer bytes follow.
      this.inflated += length;
      const available = Math.min(length, this.end - this.at);
      this.at += available;
      return last || available < length || (length === 0 && this.at >= this.end);
    }
    let literals: HuffmanTable;
    let distances: HuffmanTable;
    if (type === 1) [literals, distances] = [FIXED_LITERALS, FIXED_DISTANCES];
    else if (type === 2) [literals, distances] = this.dynamicTables();
    else throw new StreamEnds();
    while (this.inflated <= limit) {
      const symbol = this.code(literals);
      if (symbol < 256) {
        this.inflated += 1;
        continue;
      }
      if (symbol === 256) return last;
      const length = LENGTH_DECODE[symbol - 257] ?? 0;
      const lengthExtra = length >> 16 > 0 ? this.bits(length >> 16) : 0;
      const distance = DIST_DECODE[this.code(distances)] ?? 0;
      if (distance >> 16 > 0) this.bits(distance >> 16);
      this.inflated += (length & 0xffff) + lengthExtra;
    }
    return true;
  }

  private dynamicTables(): [HuffmanTable, HuffmanTable] {
    const literalCodes = this.bits(5) + 257;
    const distanceCodes = this.bits(5) + 1;
    const lengthCodes = this.bits(4) + 4;
    const codeLengthLengths = new Uint8Array(CODE_LENGTH_ORDER.length);
    for (let i = 0; i < lengthCodes; ++i) codeLengthLengths[CODE_LENGTH_ORDER[i] ?? 0] = this.bits(3);
    const codeLengthTable = huffmanTable(codeLengthLengths);
    const codes = literalCodes + distanceCodes;
    const lengths = new Uint8Array(codes);
    let length = 0;
    for (let i = 0; i < codes;) {
      const code = this.code(codeLengthTable);
      let repeat: number;
      let what: number;
      if (code === 16) [repeat, what] = [this.bits(2) + 3, length];
      else if (code === 17) [repeat, what, length] = [this.bits(3) + 3, 0, 0];
      else if (code === 18) [repeat, what, length] = [this.bits(7) + 11, 0, 0];
      else {
        lengths[i++] = length = code;
        continue;
      }
      // Past the end the writes fall off the array, as in pdfjs.
      while (repeat-- > 0) lengths[i++] = what;
    }
    return [huffmanTable(lengths.subarray(0, literalCodes)), huffmanTable(lengths.subarray(literalCodes, codes))];
  }
}

/** What a Flate stream inflates to as pdfjs reads it, and where its reading stopped. */
export interface FlateCount {
  /** Bytes inflated; past `limit` counting stopped, so the figure is only known to exceed it. */
  inflated: number;
  /** The offset after the last byte read. */
  end: number;
}

/**
 * Counts what pdfjs inflates the Flate data at `data[start…end)` to, stopping once past `limit`. A
 * header pdfjs refuses gives 0 (pdfjs then reads the stream as empty).
 */
export function countFlate(data: Uint8Array, start: number, end: number, limit: number): FlateCount {
  const cmf = start < end ? (data[start] ?? -1) : -1;
  const flg = start + 1 < end ? (data[start + 1] ?? -1) : -1;
  if (cmf === -1 || flg === -1 || (cmf & 0x0f) !== 0x08 || ((cmf << 8) + flg) % 31 !== 0 || flg & 0x20) return { inflated: 0, end: Math.min(end, start + 2) };
  const counter = new FlateCounter(data, start + 2, end);
  try {
    while (!counter.block(limit) && counter.inflated <= limit);
  } catch (error) {
    if (!(error instanceof StreamEnds)) throw error;
  }
  return { inflated: counter.inflated, end: counter.consumed };
}
