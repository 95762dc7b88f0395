    for (unsigned int stride = 1; stride <= blockDim.x; stride *= 2) {
        __syncthreads();
        unsigned int index = (t + 1) * 2 * stride - 1;
        if (index < SECTION_SIZE) XY[index] = op(XY[index - stride], XY[index]);
    }
    for (unsigned int stride = SECTION_SIZE / 4; stride > 0; stride /= 2) {
        __syncthreads();
        unsigned int index = (t + 1) * stride * 2 - 1;
        if (index + stride < SECTION_SIZE) XY[index + stride] = op(XY[index], XY[index + stride]);
    }
