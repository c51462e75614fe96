import { tourPriceFromCents } from './price-from';
import type { Locale } from '@/i18n/locales';
import { OPERATOR_CURRENCY } from '@/lib/operator';
import type { BoardingPoint, Site, Tour } from '@/payload-types';

import { picture } from './media';

const absolute = (base: string, path: string) => (path.startsWith('http') ? path : `${base}${path}`);

/** The company as a LocalBusiness (a TravelAgency-like boat operator) founded in 1888. */
export function localBusiness(site: Site, locale: Locale, siteUrl: string, homePath: string) {
  const point = typeof site.boardingPoint === 'object' ? site.boardingPoint : undefined;
  const image = picture(site.heroImage);
  return {
    '@context': 'https://schema.org',
    '@type': ['LocalBusiness', 'TouristInformationCenter'],
    '@id': `${siteUrl}/#organization`,
    name: site.brand,
    legalName: site.contact?.legalName ?? undefined,
    slogan: site.slogan ?? undefined,
    foundingDate: '1888',
    url: absolute(siteUrl, homePath),
    telephone: site.contact?.phone ?? undefined,
    email: site.contact?.email ?? undefined,
    inLanguage: locale,
    image: image ? absolute(siteUrl, image.url) : undefined,
    address: site.contact?.address
      ? {
          '@type': 'PostalAddress',
          streetAddress: site.contact.address,
          addressLocality: 'Barcelona',
          addressCountry: 'ES',
        }
      : undefined,
    geo: point ? { '@type': 'GeoCoordinates', latitude: point.latitude, longitude: point.longitude } : undefined,
  };
}

export function touristTrip(tour: Tour, locale: Locale, siteUrl: string, path: string, brand: string) {
  const image = picture(tour.heroImage);
  const point =
    typeof tour.boardingPoint === 'object' && tour.boardingPoint ? (tour.boardingPoint as BoardingPoint) : undefined;
  const url = absolute(siteUrl, path);
  const priceFrom = tourPriceFromCents(tour as never);
  return {
    '@context': 'https://schema.org',
    '@type': ['TouristTrip', 'Product'],
    name: tour.title,
    description: tour.seo?.description ?? tour.summary ?? undefined,
    url,
    inLanguage: locale,
    image: image ? absolute(siteUrl, image.url) : undefined,
    brand: { '@type': 'Brand', name: brand },
    provider: { '@id': `${siteUrl}/#organization`, '@type': 'Organization', name: brand },
    touristType: ['Families', 'Sightseeing'],
    itinerary: point
      ? {
          '@type': 'Place',
          name: point.name,
          address: point.address,
          geo: { '@type': 'GeoCoordinates', latitude: point.latitude, longitude: point.longitude },
        }
      : undefined,
    offers:
      priceFrom != null
        ? {
            '@type': 'Offer',
            price: (priceFrom / 100).toFixed(2),
            priceCurrency: OPERATOR_CURRENCY,
            availability: 'https://schema.org/InStock',
            url: `${url}#reservar`,
          }
        : undefined,
  };
}

export function faqPage(faq: { question: string; answer: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: faq.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  };
}
