/** Identifiers shared by every service and the web app: one UUID check, written once. */

/** A UUID in its canonical 8-4-4-4-12 hex form, any version, either case. */
export const UUID_SOURCE = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const UUID = new RegExp(`^${UUID_SOURCE}$`, 'i');

export const isUuid = (value: string): boolean => UUID.test(value);
