// Breakpoints as in the theme (src/app/theme.ts): xs < 576 · sm 576 · md 768 · lg 992 · xl 1200.
module.exports = {
  plugins: {
    'postcss-preset-mantine': {},
    'postcss-simple-vars': {
      variables: {
        'mantine-breakpoint-xs': '0em',
        'mantine-breakpoint-sm': '36em',
        'mantine-breakpoint-md': '48em',
        'mantine-breakpoint-lg': '62em',
        'mantine-breakpoint-xl': '75em',
      },
    },
  },
};
