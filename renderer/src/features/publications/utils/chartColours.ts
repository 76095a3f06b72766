/** One colour per series (a key, a buyer), in this order, for the usage and sales charts. */
export const SERIES_COLOURS = ['indigo.5', 'teal.5', 'yellow.5', 'pink.5', 'cyan.5', 'orange.5', 'grape.5', 'lime.5'];

export const seriesColour = (index: number) => SERIES_COLOURS[index % SERIES_COLOURS.length];
