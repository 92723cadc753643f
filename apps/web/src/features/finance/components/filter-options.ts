// Select options of the finance filters and forms, from the contracts' labels ('' = all).
export const optionsOf = <K extends string>(labels: Record<K, string>, all?: string) => [
  ...(all ? [{ value: '', label: all }] : []),
  ...(Object.entries(labels) as [K, string][]).map(([value, label]) => ({ value, label })),
];
