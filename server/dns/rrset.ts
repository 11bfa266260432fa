// An RRset as the embedded server holds it (records of one owner and type, encoded once) and its wire form:
// shared by the zone index, the signer, answers and transfers.

/** The records of one owner name and type; `wire` is the whole set as resource records under that owner. */
export interface RRset {
  /** The owner name. */
  owner: string;
  type: number;
  /** The smallest ttl of its records: an RRset has one ttl (RFC 2181 §5.2). */
  ttl: number;
  /** Each record's rdata, its 2-octet length first. */
  rdatas: Buffer[];
  /** CNAME, NS, MX, SRV: the names the records point at. */
  targets: string[];
  wire: Buffer;
  /** Signed zones: the RRSIG rdatas over this set, one per key (none for a delegation's NS, nor glue). */
  rrsigs?: Buffer[];
  /** `wire` followed by the RRSIG records: what a query with the DO bit gets. */
  signedWire?: Buffer;
}

/** Resource records of one owner and type, class IN, uncompressed. */
export function encodeRRset(ownerWire: Buffer, type: number, ttl: number, rdatas: Buffer[]): Buffer {
  const fixed = ownerWire.length + 8;
  const size = rdatas.reduce((sum, rdata) => sum + fixed + rdata.length, 0);
  const wire = Buffer.allocUnsafe(size);
  let offset = 0;
  for (const rdata of rdatas) {
    ownerWire.copy(wire, offset);
    offset += ownerWire.length;
    wire.writeUInt16BE(type, offset);
    wire.writeUInt16BE(1, offset + 2);
    wire.writeUInt32BE(ttl, offset + 4);
    offset += 8;
    rdata.copy(wire, offset);
    offset += rdata.length;
  }
  return wire;
}
