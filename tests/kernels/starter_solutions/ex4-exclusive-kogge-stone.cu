    XY[t] = i > 0 && i <= InputSize ? X[i - 1] : IDENTITY;
