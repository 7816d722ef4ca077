// The links the page shares: under the site's public address when the server has one
// (SCOREKEEPER_PUBLIC_URL), else this page's own origin.

/** Where the page's links start: the address players use, served with the page, else this
 *  page's own origin. */
export const siteAddress = () => document.documentElement.dataset.publicUrl || location.origin;

/** The page's address `route` (what follows #/, e.g. `g/3/watch`) as a link to share. */
export const siteLink = (route) => `${siteAddress()}/#/${route}`;
