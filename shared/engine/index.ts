export const engineVersion = 1;
