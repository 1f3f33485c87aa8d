// Who a note mentions: `@` and a handle, where the handle is a team member's first name or the part of
// their email before the `@` (case and accents as written aside). Two people with one first name are both
// mentioned by it; an email address in the text ("ann@example.com") mentions no one, as the `@` follows a
// letter.

/** A member who can be mentioned. */
export interface Mentionable {
  id: string;
  name: string;
  email: string;
}

const HANDLE = /(?<![\p{L}\p{N}_.@])@([\p{L}\p{N}][\p{L}\p{N}._-]*)/gu;

/** Folded for comparison: lower case, accents dropped ("Zoë" and "zoe" meet). */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('en');

/** The handles written in a text, folded; trailing punctuation ("@dana.") is not part of a handle. */
export function handlesIn(text: string): Set<string> {
  const handles = new Set<string>();
  for (const match of text.matchAll(HANDLE)) handles.add(fold(match[1]!.replace(/[._-]+$/, '')));
  return handles;
}

/** The handles a member answers to: their first name and their email's local part. */
export function handlesOf(member: Pick<Mentionable, 'name' | 'email'>): string[] {
  const first = member.name.trim().split(/\s+/)[0] ?? '';
  const local = member.email.split('@')[0] ?? '';
  return [first, local].filter((handle) => handle !== '').map(fold);
}

/** The members a text mentions, in the order given, leaving out `authorId` (no one notifies themselves). */
export function mentionedIn<M extends Mentionable>(
  text: string,
  members: readonly M[],
  authorId: string | null,
): M[] {
  const handles = handlesIn(text);
  if (handles.size === 0) return [];
  return members.filter(
    (member) => member.id !== authorId && handlesOf(member).some((handle) => handles.has(handle)),
  );
}
