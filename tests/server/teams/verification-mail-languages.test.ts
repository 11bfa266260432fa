// The verification e-mails in each owner's language (issue 30): the number of documents counted as each
// language counts, the reviewer's message kept as written, English unchanged.
import { describe, expect, it } from 'vitest';
import { inLanguage } from '../../../server/i18n/languages';
import {
  verificationDecisionMail,
  verificationSubmittedMail,
} from '../../../server/teams/verification/messages';

const fr = { locale: 'fr', timeZone: 'Europe/Paris' } as const;
const rw = { locale: 'rw', timeZone: 'Africa/Kigali' } as const;

describe('the verification e-mails', () => {
  it('tell a French owner of the request, counting its documents', () => {
    const mail = inLanguage(fr, () => verificationSubmittedMail('o@example.com', 'Kigali Labs', 'Aimée', 1));
    expect(mail.subject).toBe("Nous avons reçu la demande de vérification de l'équipe Kigali Labs");
    expect(mail.text).toBe(
      "Aimée a envoyé une demande de vérification pour l'équipe Kigali Labs, accompagnée d'un document. Nous vous répondrons sous 2 à 3 jours ouvrés.\n\n— Ikirere",
    );
    const english = verificationSubmittedMail('o@example.com', 'Kigali Labs', 'Aimée', 2);
    expect(english.text).toContain('with 2 documents. Verification request submitted.');
  });

  it('give a Kinyarwanda owner the decision with the reviewer’s message as written', () => {
    const mail = inLanguage(rw, () =>
      verificationDecisionMail('o@example.com', 'Kigali Labs', 'request-info', 'Please send a utility bill.'),
    );
    expect(mail.subject).toBe('Hakenewe andi makuru kugira ngo itsinda Kigali Labs ryemezwe');
    expect(mail.text).toBe(
      "Kugira ngo turangize kwemeza itsinda Kigali Labs, dukeneye andi makuru.\n\nUbutumwa bw'itsinda ryacu rishinzwe kugenzura:\n\nPlease send a utility bill.\n\nSubiza iyi imeri wohereza ibisabwa, cyangwa wongere wohereze icyifuzo gifite izindi dosiye uhereye mu igenamiterere ry'itsinda.\n\n— Ikirere",
    );
    const approved = inLanguage(fr, () =>
      verificationDecisionMail('o@example.com', 'Kigali Labs', 'approve', null),
    );
    expect(approved.subject).toBe("L'équipe Kigali Labs est vérifiée");
  });
});
