// The consent library and its stylesheet, loaded together after hydration: neither blocks the
// first paint (the banner is drawn by this code anyway).
import 'vanilla-cookieconsent/dist/cookieconsent.css';

import * as CookieConsent from 'vanilla-cookieconsent';

export { CookieConsent };
