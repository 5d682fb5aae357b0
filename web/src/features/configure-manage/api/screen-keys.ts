// Query keys of one screen: its design, the caller's draft and its versions. A save or a restore changes the design
// and the versions' list; a save also clears the caller's draft.
export const screenKeys = {
  all: ['screens'] as const,
  screen: (id: number) => [...screenKeys.all, id] as const,
  design: (id: number) => [...screenKeys.screen(id), 'design'] as const,
  draft: (id: number) => [...screenKeys.screen(id), 'draft'] as const,
  versions: (id: number) => [...screenKeys.screen(id), 'versions'] as const,
};
