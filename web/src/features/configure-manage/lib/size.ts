// The screen sizes live in lib/ (the template form and the designer both offer them).
export * from '@/lib/screen-size';
