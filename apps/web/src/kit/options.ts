/** A select's or segmented control's choices from `[value, label]` pairs, in order. */
export type Option<T extends string = string> = { value: T; label: string };

export const options = <T extends string>(pairs: [T, string][]): Option<T>[] => pairs.map(([value, label]) => ({ value, label }));
