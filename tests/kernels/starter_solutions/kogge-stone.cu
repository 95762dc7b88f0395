        T temp;
        if (t >= stride) temp = op(XY[t - stride], XY[t]);
        __syncthreads();
        if (t >= stride) XY[t] = temp;
