// The stopword package ships no types: the part of its API the project uses (a list of stop words per
// ISO 639-3 language code).
declare module 'stopword' {
  const lists: Record<string, string[] | undefined>;
  export = lists;
}
