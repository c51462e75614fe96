import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { opsMessages } from '@/i18n/ops-messages';

import { PartnerCodesAlert } from './PartnerCodesAlert';

const aquarium = { partnerId: 7, name: "L'Aquàrium de Barcelona", unused: 12, warning: 50 };
const moco = { partnerId: 9, name: 'Moco Museum', unused: 1, warning: 20 };

describe("the today board's warning of partners running out of codes", () => {
  it.each([
    [
      'ca',
      'Codis de socis que s’acaben',
      'queden 12 codis (avís per sota de 50)',
      'queda 1 codi (avís per sota de 20)',
    ],
    ['es', 'Códigos de socios que se acaban', 'quedan 12 códigos (aviso por debajo de 50)', 'queda 1 código'],
    ['en', 'Partner codes running out', '12 codes left (warning below 50)', '1 code left (warning below 20)'],
    ['fr', 'Codes de partenaires bientôt épuisés', '12 codes restants (alerte sous 50)', '1 code restant'],
  ] as const)('names each partner, how many codes are left and links to it, in %s', (language, title, many, one) => {
    const html = renderToStaticMarkup(
      <PartnerCodesAlert partners={[aquarium, moco]} language={language} t={opsMessages(language)} />,
    );
    expect(html).toContain(title);
    expect(html).toContain(many);
    expect(html).toContain(one);
    expect(html).toContain('href="/admin/collections/partners/7"');
    expect(html).toContain('L&#x27;Aquàrium de Barcelona');
  });

  it('writes the colon after the partner’s name as each language does', () => {
    const html = (language: 'fr' | 'ca') =>
      renderToStaticMarkup(<PartnerCodesAlert partners={[moco]} language={language} t={opsMessages(language)} />);
    expect(html('fr')).toContain('Moco Museum</a>\u202f: 1 code restant');
    expect(html('ca')).toContain('Moco Museum</a>: queda 1 codi');
  });

  it('says nothing when no partner runs low', () => {
    expect(renderToStaticMarkup(<PartnerCodesAlert partners={[]} language="ca" t={opsMessages('ca')} />)).toBe('');
  });
});
