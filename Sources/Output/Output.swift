// Output
