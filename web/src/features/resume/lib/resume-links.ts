/** The id of a bullet's text on the résumé page (focused after its suggestion is acted on). */
export const bulletElementId = (bulletId: string) => `bullet-${bulletId}`;
