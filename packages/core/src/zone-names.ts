/**
 * Time zones go by more than one name: the IANA database renames a zone (Europe/Kiev became Europe/Kyiv,
 * Asia/Calcutta Asia/Kolkata) and keeps the old name as a link, and a browser may list either. A person
 * looks for the name they know, so a zone is found by its current and its former names alike.
 */

/** Groups of names of one zone, current name first. */
const ZONE_NAME_GROUPS: readonly (readonly string[])[] = [
  ['Europe/Kyiv', 'Europe/Kiev', 'Europe/Uzhgorod', 'Europe/Zaporozhye'],
  ['Asia/Kolkata', 'Asia/Calcutta'],
  ['Asia/Ho_Chi_Minh', 'Asia/Saigon'],
  ['Asia/Kathmandu', 'Asia/Katmandu'],
  ['Asia/Yangon', 'Asia/Rangoon'],
  ['Asia/Dhaka', 'Asia/Dacca'],
  ['Asia/Thimphu', 'Asia/Thimbu'],
  ['Asia/Ulaanbaatar', 'Asia/Ulan_Bator'],
  ['Asia/Macau', 'Asia/Macao'],
  ['Asia/Makassar', 'Asia/Ujung_Pandang'],
  ['Asia/Shanghai', 'Asia/Chongqing', 'Asia/Chungking', 'Asia/Harbin', 'PRC'],
  ['Asia/Jerusalem', 'Asia/Tel_Aviv', 'Israel'],
  ['Asia/Tokyo', 'Japan'],
  ['Asia/Kuwait', 'Asia/Riyadh'],
  ['Europe/Istanbul', 'Asia/Istanbul', 'Turkey'],
  ['Europe/Lisbon', 'Portugal'],
  ['Europe/London', 'GB', 'Europe/Belfast'],
  ['Europe/Dublin', 'Eire'],
  ['Europe/Moscow', 'W-SU'],
  ['Europe/Chisinau', 'Europe/Tiraspol'],
  ['Europe/Belgrade', 'Europe/Ljubljana', 'Europe/Zagreb', 'Europe/Sarajevo', 'Europe/Skopje'],
  ['Atlantic/Faroe', 'Atlantic/Faeroe'],
  ['Atlantic/Reykjavik', 'Iceland'],
  ['America/Nuuk', 'America/Godthab'],
  ['America/Toronto', 'America/Montreal', 'Canada/Eastern'],
  ['America/New_York', 'US/Eastern', 'EST5EDT'],
  ['America/Chicago', 'US/Central', 'CST6CDT'],
  ['America/Denver', 'US/Mountain', 'MST7MDT'],
  ['America/Los_Angeles', 'US/Pacific', 'PST8PDT'],
  ['America/Phoenix', 'US/Arizona'],
  ['America/Anchorage', 'US/Alaska'],
  ['Pacific/Honolulu', 'US/Hawaii'],
  ['America/Indiana/Indianapolis', 'America/Indianapolis', 'America/Fort_Wayne', 'US/East-Indiana'],
  ['America/Kentucky/Louisville', 'America/Louisville'],
  ['America/Argentina/Buenos_Aires', 'America/Buenos_Aires'],
  ['America/Argentina/Cordoba', 'America/Cordoba', 'America/Rosario'],
  ['America/Sao_Paulo', 'Brazil/East'],
  ['America/Mexico_City', 'Mexico/General'],
  ['America/Havana', 'Cuba'],
  ['America/Atikokan', 'America/Coral_Harbour'],
  ['America/Panama', 'America/Cayman'],
  ['Africa/Asmara', 'Africa/Asmera'],
  ['Africa/Cairo', 'Egypt'],
  ['Africa/Tripoli', 'Libya'],
  ['Africa/Abidjan', 'Africa/Timbuktu'],
  ['Australia/Sydney', 'Australia/Canberra', 'Australia/ACT', 'Australia/NSW'],
  ['Australia/Hobart', 'Australia/Currie', 'Australia/Tasmania'],
  ['Pacific/Auckland', 'NZ'],
  ['Pacific/Kanton', 'Pacific/Enderbury'],
  ['Pacific/Chuuk', 'Pacific/Truk', 'Pacific/Yap'],
  ['Pacific/Pohnpei', 'Pacific/Ponape'],
  ['Pacific/Pago_Pago', 'Pacific/Samoa', 'US/Samoa'],
  ['UTC', 'Etc/UTC', 'Etc/GMT', 'GMT', 'Etc/Universal', 'Etc/Zulu', 'Universal', 'Zulu'],
];

const groupOf = new Map<string, readonly string[]>();
for (const group of ZONE_NAME_GROUPS) for (const name of group) groupOf.set(name, group);

/** Every name of the zone, the given one first: 'Europe/Kiev' -> ['Europe/Kiev', 'Europe/Kyiv', ...]. */
export function zoneNames(zone: string): string[] {
  const group = groupOf.get(zone);
  return group ? [zone, ...group.filter((name) => name !== zone)] : [zone];
}

/** The zone's other names, for a label: 'Europe/Kiev' -> ['Europe/Kyiv', 'Europe/Uzhgorod', ...]. */
export const zoneAliases = (zone: string): string[] => zoneNames(zone).slice(1);

/** A name as a person types it: case, '_', '/', '-' and spaces do not matter ('new york' finds New_York). */
const plain = (value: string) =>
  value
    .toLowerCase()
    .replace(/[\s_/-]+/g, ' ')
    .trim();

/** Whether a search finds the zone by any of its names. An empty search finds every zone. */
export function zoneMatches(zone: string, search: string): boolean {
  const wanted = plain(search);
  return wanted === '' || zoneNames(zone).some((name) => plain(name).includes(wanted));
}
