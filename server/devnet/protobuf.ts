/**
 * The few protocol-buffer primitives TRON's transaction and block messages need: varints (int64 as
 * bigint, so amounts in sun never pass through a float), length-delimited fields, and a reader that
 * splits a message into its fields. Fields are written in field-number order and proto3 zero values
 * are left out, as java-tron's serializer does — the bytes, and so the ids, come out identical.
 */

export type FieldValue = bigint | Uint8Array;

export class ProtoWriter {
  private readonly parts: number[] = [];

  private varint(value: bigint): void {
    let v = BigInt.asUintN(64, value);
    while (v >= 0x80n) {
      this.parts.push(Number(v & 0x7fn) | 0x80);
      v >>= 7n;
    }
    this.parts.push(Number(v));
  }

  /** A varint field (int32, int64, enum, bool); zero is not written. */
  int(field: number, value: bigint | number | undefined): this {
    if (value === undefined || BigInt(value) === 0n) return this;
    this.varint(BigInt(field << 3));
    this.varint(BigInt(value));
    return this;
  }

  /** A length-delimited field (bytes, string, embedded message); empty is not written. */
  bytes(field: number, value: Uint8Array | string | undefined): this {
    if (value === undefined) return this;
    const data = typeof value === 'string' ? new TextEncoder().encode(value) : value;
    if (data.length === 0) return this;
    this.varint(BigInt((field << 3) | 2));
    this.varint(BigInt(data.length));
    for (const b of data) this.parts.push(b);
    return this;
  }

  finish(): Uint8Array {
    return Uint8Array.from(this.parts);
  }
}

/** Splits a message into [field number, value] pairs: varints as bigint, length-delimited as bytes. */
export function readFields(data: Uint8Array): Array<[number, FieldValue]> {
  const out: Array<[number, FieldValue]> = [];
  let i = 0;
  const varint = (): bigint => {
    let result = 0n;
    let shift = 0n;
    for (;;) {
      const b = data[i++];
      if (b === undefined) throw new Error('truncated varint');
      result |= BigInt(b & 0x7f) << shift;
      if (b < 0x80) return result;
      shift += 7n;
      if (shift > 63n) throw new Error('varint too long');
    }
  };
  while (i < data.length) {
    const key = Number(varint());
    const field = key >>> 3;
    const wire = key & 7;
    if (wire === 0) out.push([field, varint()]);
    else if (wire === 2) {
      const length = Number(varint());
      if (i + length > data.length) throw new Error('truncated field');
      out.push([field, data.subarray(i, i + length)]);
      i += length;
    } else throw new Error(`unsupported wire type ${wire}`);
  }
  return out;
}
