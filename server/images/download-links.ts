// Links that download one image's file without a session: the console asks for one and hands it to the
// browser, whose own downloads then stream the file to disk, show its progress and resume it with Range,
// as for any large download, instead of the page holding gigabytes in memory. A link names the team, the
// image and when it ends, signed with a key derived from the installation secret (so any server sharing the
// database accepts it); it stops working at its end, when the image goes, or when the image is not the
// team's any more. Nothing is stored.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Database } from '../db';
import { ensureInstanceSettings } from '../db/instance-settings';

/** Long enough for a browser to fetch gigabytes and resume after a drop; short enough to be no key. */
export const DOWNLOAD_LINK_MS = 6 * 60 * 60_000;

export interface DownloadLinkClaim {
  teamId: string;
  imageId: string;
  expiresAt: Date;
}

export class DownloadLinks {
  private key: Promise<Buffer> | undefined;

  constructor(private readonly db: Database) {}

  private signingKey(): Promise<Buffer> {
    this.key ??= ensureInstanceSettings(this.db).then(({ instanceSecret }) =>
      createHmac('sha256', instanceSecret).update('ikirere image download links v1').digest(),
    );
    return this.key;
  }

  async sign(claim: DownloadLinkClaim): Promise<string> {
    const body = Buffer.from(
      JSON.stringify({ t: claim.teamId, i: claim.imageId, e: claim.expiresAt.getTime() }),
    ).toString('base64url');
    const signature = createHmac('sha256', await this.signingKey())
      .update(body)
      .digest('base64url');
    return `${body}.${signature}`;
  }

  /** The claim a token carries if it is one of ours and has not ended at `now`; undefined otherwise. */
  async verify(token: string, now: Date): Promise<DownloadLinkClaim | undefined> {
    const [body, signature, ...rest] = token.split('.');
    if (!body || !signature || rest.length > 0) return undefined;
    const expected = createHmac('sha256', await this.signingKey())
      .update(body)
      .digest();
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    try {
      const claim = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as {
        t?: unknown;
        i?: unknown;
        e?: unknown;
      };
      if (typeof claim.t !== 'string' || typeof claim.i !== 'string' || typeof claim.e !== 'number') {
        return undefined;
      }
      if (claim.e <= now.getTime()) return undefined;
      return { teamId: claim.t, imageId: claim.i, expiresAt: new Date(claim.e) };
    } catch {
      return undefined;
    }
  }
}
