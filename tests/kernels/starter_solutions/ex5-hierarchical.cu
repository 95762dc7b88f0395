    if (grid <= SECTION_SIZE) scan_kernel<<<1, SECTION_SIZE>>>(S, S, NULL, grid);
    else scan(S, S, grid);
    add_kernel<<<grid, SECTION_SIZE>>>(Y, S, n);
