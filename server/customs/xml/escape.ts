/** Element text as XML 1.0 needs it escaped: &, < and > (quotes need nothing in element text). */
export const escapeXmlText = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
