// Zone files for tests and benchmarks that need many records.

/** A zone file of `count` varied records: A, AAAA, CNAME, TXT, MX and SRV under distinct names. */
export function variedZoneFile(zone: string, count: number): string {
  const lines = [`$ORIGIN ${zone}.`, '$TTL 3600'];
  for (let index = 0; index < count; index++) {
    const host = `host-${String(index).padStart(5, '0')}`;
    switch (index % 6) {
      case 0:
        lines.push(`${host} IN A 198.18.${Math.floor(index / 250) % 256}.${(index % 250) + 1}`);
        break;
      case 1:
        lines.push(`${host} IN AAAA 2001:db8::${index.toString(16)}`);
        break;
      case 2:
        lines.push(`${host} IN CNAME target-${index}.example.com.`);
        break;
      case 3:
        lines.push(`${host} IN TXT "record ${index} of the benchmark zone"`);
        break;
      case 4:
        lines.push(`${host} IN MX ${index % 50} mail-${index}.example.com.`);
        break;
      default:
        lines.push(`_svc${index}._tcp IN SRV 10 5 ${1024 + (index % 50_000)} srv-${index}.example.com.`);
    }
  }
  return `${lines.join('\n')}\n`;
}
