<?xml version="1.0" encoding="UTF-8"?>
<signature xmlns="urn:skel:signature" version="1">
 <application ranks="2" mpi-library="synthetic (compress/synth.c)" tracer="synthetic">
  <arg>synthetic</arg>
  <arg>stencil</arg>
  <arg>-i</arg>
  <arg>8</arg>
 </application>
 <compression threshold="0.2" max-threshold="0.2" scale="20" ratio="1" trace-length="168" signature-length="168"/>
 <sites>
  <site id="0" module="/synthetic/app" offset="4096" function="synthetic"/>
  <site id="1" module="/synthetic/app" offset="4160" function="synthetic"/>
  <site id="2" module="/synthetic/app" offset="4224" function="synthetic"/>
  <site id="3" module="/synthetic/app" offset="4288" function="synthetic"/>
  <site id="4" module="/synthetic/app" offset="4352" function="synthetic"/>
  <site id="5" module="/synthetic/app" offset="4416" function="synthetic"/>
  <site id="6" module="/synthetic/app" offset="4480" function="synthetic"/>
  <site id="7" module="/synthetic/app" offset="4544" function="synthetic"/>
  <site id="8" module="/synthetic/app" offset="4608" function="synthetic"/>
  <site id="9" module="/synthetic/app" offset="4672" function="synthetic"/>
  <site id="10" module="/synthetic/app" offset="4736" function="synthetic"/>
  <site id="11" module="/synthetic/app" offset="4800" function="synthetic"/>
  <site id="12" module="/synthetic/app" offset="4864" function="synthetic"/>
  <site id="13" module="/synthetic/app" offset="4928" function="synthetic"/>
  <site id="14" module="/synthetic/app" offset="4992" function="synthetic"/>
  <site id="15" module="/synthetic/app" offset="5056" function="synthetic"/>
  <site id="16" module="/synthetic/app" offset="5120" function="synthetic"/>
  <site id="17" module="/synthetic/app" offset="5184" function="synthetic"/>
  <site id="18" module="/synthetic/app" offset="5248" function="synthetic"/>
  <site id="19" module="/synthetic/app" offset="5312" function="synthetic"/>
  <site id="20" module="/synthetic/app" offset="5376" function="synthetic"/>
 </sites>
 <comms>
  <comm id="0" gid="0" members="0 1"/>
  <comm id="1" gid="1000" created-by="MPI_Cart_create" parent-slot="0" members="0 1" dims="2 1" periods="0 0"/>
 </comms>
 <ranks>
  <rank id="0" class="0" events="84" time-ns="3728342" compute-ns="532742" mpi-ns="3207200" per-event-ns="100" comms="0 - 1"/>
  <rank id="1" class="1" events="84" time-ns="3721839" compute-ns="526239" mpi-ns="3207200" per-event-ns="100" comms="0 - 1"/>
 </ranks>
 <class id="0" ranks="0" program="0" events="84" length="84" time-ns="3728342">
  <symbol id="0" call="MPI_Init" comm="0" site="0" occurrences="1">
   <side role="member" flags="" events="1" rbytes-events="1" count="0 0 0" bytes="0 0 0" rbytes="0 0 0"/>
   <compute count="1" mean="19900" min="19900" max="19900" shift="100" buckets="711:1"/>
   <compute-cpu count="1" mean="19900" min="19900" max="19900" shift="100" buckets="711:1"/>
   <duration count="1" mean="3e+06" min="3000000" max="3000000" buckets="1071:1"/>
  </symbol>
  <symbol id="1" call="MPI_Cart_create" comm="0" newcomm="2" site="1" prev-site="0" occurrences="1">
   <side role="member" flags="" events="1" rbytes-events="1" count="0 0 0" bytes="0 0 0" rbytes="0 0 0"/>
   <compute count="1" mean="4900" min="4900" max="4900" shift="100" buckets="610:1"/>
   <compute-cpu count="1" mean="4900" min="4900" max="4900" shift="100" buckets="610:1"/>
   <duration count="1" mean="20000" min="20000" max="20000" buckets="711:1"/>
  </symbol>
  <symbol id="2" call="MPI_Irecv" comm="2" tag="2" dtsize="8" site="2" occurrences="7">
   <peer kind="null"/>
   <side role="member" flags="" events="7" rbytes-events="0" count="105 121 114.42857142857143" bytes="840 968 915.4285714285714" rbytes="0 0 0"/>
   <compute count="7" mean="48867.857142857145" min="44903" max="52954" shift="100" buckets="768:1 770:1 773:1 775:1 776:1 777:1 780:1"/>
   <compute-cpu count="7" mean="48867.857142857145" min="44903" max="52954" shift="100" buckets="768:1 770:1 773:1 775:1 776:1 777:1 780:1"/>
   <duration count="7" mean="300" min="300" max="300" buckets="408:7"/>
  </symbol>
  <symbol id="3" call="MPI_Irecv" comm="2" tag="1" dtsize="8" site="3" prev-site="2" occurrences="6">
   <peer kind="cart" vec="1 0"/>
   <side role="member" flags="" events="6" rbytes-events="6" count="137 151 143.66666666666666" bytes="1096 1208 1149.3333333333333" rbytes="0 0 0"/>
   <compute count="6" mean="50" min="50" max="50" shift="100" buckets="278:6"/>
   <compute-cpu count="6" mean="50" min="50" max="50" shift="100" buckets="278:6"/>
   <duration count="6" mean="300" min="300" max="300" buckets="408:6"/>
  </symbol>
  <symbol id="4" call="MPI_Irecv" comm="2" tag="4" dtsize="8" site="4" prev-site="3" occurrences="6">
   <peer kind="null"/>
   <side role="member" flags="" events="6" rbytes-events="0" count="135 153 143.66666666666666" bytes="1080 1224 1149.3333333333333" rbytes="0 0 0"/>
   <compute count="6" mean="50" min="50" max="50" shift="100" buckets="278:6"/>
   <compute-cpu count="6" mean="50" min="50" max="50" shift="100" buckets="278:6"/>
   <duration count="6" mean="300" min="300" max="300" buckets="408:6"/>
  </symbol>
  <symbol id="5" call="MPI_Irecv" comm="2" tag="3" dtsize="8" site="5" prev-site="4" occurrences="2">
   <peer kind="null"/>
   <side role="member" flags="" events="2" rbytes-events="0" count="134 139 136.5" bytes="1072 1112 1092" rbytes="0 0 0"/>
   <compute count="2" mean="50" min="50" max="50" shift="100" buckets="278:2"/>
   <compute-cpu count="2" mean="50" min="50" max="50" shift="100" buckets="278:2"/>
   <duration count="2" mean="300" min="300" max="300" buckets="408:2"/>
  </symbol>
  <symbol id="6" call="MPI_Isend" comm="2" tag="1" dtsize="8" site="6" prev-site="5" occurrences="3">
   <peer kind="null"/>
   <side role="member" flags="" events="3" rbytes-events="3" count="144 146 145" bytes="1152 1168 1160" rbytes="0 0 0"/>
   <compute count="3" mean="50" min="50" max="50" shift="100" buckets="278:3"/>
   <compute-cpu count="3" mean="50" min="50" max="50" shift="100" buckets="278:3"/>
   <duration count="3" mean="300" min="300" max="300" buckets="408:3"/>
  </symbol>
  <symbol id="7" call="MPI_Isend" comm="2" tag="2" dtsize="8" site="7" prev-site="6" occurrences="4">
   <peer kind="cart" vec="1 0"/>
   <side role="member" flags="" events="4" rbytes-events="4" count="125 146 136.5" bytes="1000 1168 1092" rbytes="0 0 0"/>
   <compute count="4" mean="50" min="50" max="50" shift="100" buckets="278:4"/>
   <compute-cpu count="4" mean="50" min="50" max="50" shift="100" buckets="278:4"/>
   <duration count="4" mean="300" min="300" max="300" buckets="408:4"/>
  </symbol>
  <symbol id="8" call="MPI_Isend" comm="2" tag="3" dtsize="8" site="8" prev-site="7" occurrences="3">
   <peer kind="null"/>
   <side role="member" flags="" events="3" rbytes-events="3" count="131 147 138.66666666666666" bytes="1048 1176 1109.3333333333333" rbytes="0 0 0"/>
   <compute count="3" mean="50" min="50" max="50" shift="100" buckets="278:3"/>
   <compute-cpu count="3" mean="50" min="50" max="50" shift="100" buckets="278:3"/>
   <duration count="3" mean="300" min="300" max="300" buckets="408:3"/>
  </symbol>
  <symbol id="9" call="MPI_Isend" comm="2" tag="4" dtsize="8" site="9" prev-site="8" occurrences="3">
   <peer kind="null"/>
   <side role="member" flags="" events="3" rbytes-events="3" count="145 152 149.33333333333334" bytes="1160 1216 1194.6666666666667" rbytes="0 0 0"/>
   <compute count="3" mean="50" min="50" max="50" shift="100" buckets="278:3"/>
   <compute-cpu count="3" mean="50" min="50" max="50" shift="100" buckets="278:3"/>
   <duration count="3" mean="300" min="300" max="300" buckets="408:3"/>
  </symbol>
  <symbol id="10" call="MPI_Waitall" comm="0" site="10" prev-site="9" occurrences="8">
   <side role="member" flags="" events="8" rbytes-events="8" count="0 0 0" bytes="0 0 0" rbytes="0 0 0"/>
   <link dist="8" index="0" call="MPI_Irecv"/>
   <link dist="7" index="1" call="MPI_Irecv"/>
   <link dist="6" index="2" call="MPI_Irecv"/>
   <link dist="5" index="3" call="MPI_Irecv"/>
   <link dist="4" index="4" call="MPI_Isend"/>
   <link dist="3" index="5" call="MPI_Isend"/>
   <link dist="2" index="6" call="MPI_Isend"/>
   <link dist="1" index="7" call="MPI_Isend"/>
   <compute count="8" mean="100" min="100" max="100" shift="100" buckets="328:8"/>
   <compute-cpu count="8" mean="100" min="100" max="100" shift="100" buckets="328:8"/>
   <duration count="8" mean="5000" min="5000" max="5000" buckets="611:8"/>
  </symbol>
  <symbol id="11" call="MPI_Allreduce" comm="2" dtsize="8" op="MPI_SUM" site="11" prev-site="10" occurrences="8">
   <side role="member" flags="" events="8" rbytes-events="8" count="1 1 1" bytes="8 8 8" rbytes="8 8 8"/>
   <compute count="8" mean="12220.875" min="11236" max="13389" shift="100" buckets="668:1 669:1 670:1 674:1 676:2 677:1 681:1"/>
   <compute-cpu count="8" mean="12220.875" min="11236" max="13389" shift="100" buckets="668:1 669:1 670:1 674:1 676:2 677:1 681:1"/>
   <duration count="8" mean="3000" min="3000" max="3000" buckets="573:8"/>
  </symbol>
  <symbol id="12" call="MPI_Irecv" comm="2" tag="3" dtsize="8" site="5" prev-site="4" occurrences="6">
   <peer kind="null"/>
   <side role="member" flags="" events="6" rbytes-events="0" count="104 116 111.16666666666667" bytes="832 928 889.3333333333334" rbytes="0 0 0"/>
   <compute count="6" mean="50" min="50" max="50" shift="100" buckets="278:6"/>
   <compute-cpu count="6" mean="50" min="50" max="50" shift="100" buckets="278:6"/>
   <duration count="6" mean="300" min="300" max="300" buckets="408:6"/>
  </symbol>
  <symbol id="13" call="MPI_Isend" comm="2" tag="1" dtsize="8" site="6" prev-site="5" occurrences="5">
   <peer kind="null"/>
   <side role="member" flags="" events="5" rbytes-events="5" count="108 125 116.8" bytes="864 1000 934.4" rbytes="0 0 0"/>
   <compute count="5" mean="50" min="50" max="50" shift="100" buckets="278:5"/>
   <compute-cpu count="5" mean="50" min="50" max="50" shift="100" buckets="278:5"/>
   <duration count="5" mean="300" min="300" max="300" buckets="408:5"/>
  </symbol>
  <symbol id="14" call="MPI_Isend" comm="2" tag="3" dtsize="8" site="8" prev-site="7" occurrences="5">
   <peer kind="null"/>
   <side role="member" flags="" events="5" rbytes-events="5" count="102 112 107" bytes="816 896 856" rbytes="0 0 0"/>
   <compute count="5" mean="50" min="50" max="50" shift="100" buckets="278:5"/>
   <compute-cpu count="5" mean="50" min="50" max="50" shift="100" buckets="278:5"/>
   <duration count="5" mean="300" min="300" max="300" buckets="408:5"/>
  </symbol>
  <symbol id="15" call="MPI_Isend" comm="2" tag="2" dtsize="8" site="7" prev-site="6" occurrences="3">
   <peer kind="cart" vec="1 0"/>
   <side role="member" flags="" events="3" rbytes-events="3" count="104 108 106.33333333333333" bytes="832 864 850.6666666666666" rbytes="0 0 0"/>
   <compute count="3" mean="50" min="50" max="50" shift="100" buckets="278:3"/>
   <compute-cpu count="3" mean="50" min="50" max="50" shift="100" buckets="278:3"/>
   <duration count="3" mean="300" min="300" max="300" buckets="408:3"/>
  </symbol>
  <symbol id="16" call="MPI_Isend" comm="2" tag="4" dtsize="8" site="9" prev-site="8" occurrences="5">
   <peer kind="null"/>
   <side role="member" flags="" events="5" rbytes-events="5" count="116 137 129.4" bytes="928 1096 1035.2" rbytes="0 0 0"/>
   <compute count="5" mean="50" min="50" max="50" shift="100" buckets="278:5"/>
   <compute-cpu count="5" mean="50" min="50" max="50" shift="100" buckets="278:5"/>
   <duration count="5" mean="300" min="300" max="300" buckets="408:5"/>
  </symbol>
  <symbol id="17" call="MPI_Irecv" comm="2" tag="2" dtsize="8" site="2" prev-site="11" occurrences="1">
   <peer kind="null"/>
   <side role="member" flags="" events="1" rbytes-events="0" count="146 146 146" bytes="1168 1168 1168" rbytes="0 0 0"/>
   <compute count="1" mean="53700" min="53700" max="53700" shift="100" buckets="782:1"/>
   <compute-cpu count="1" mean="53700" min="53700" max="53700" shift="100" buckets="782:1"/>
   <duration count="1" mean="300" min="300" max="300" buckets="408:1"/>
  </symbol>
  <symbol id="18" call="MPI_Irecv" comm="2" tag="1" dtsize="8" site="3" prev-site="2" occurrences="2">
   <peer kind="cart" vec="1 0"/>
   <side role="member" flags="" events="2" rbytes-events="2" count="107 124 115.5" bytes="856 992 924" rbytes="0 0 0"/>
   <compute count="2" mean="50" min="50" max="50" shift="100" buckets="278:2"/>
   <compute-cpu count="2" mean="50" min="50" max="50" shift="100" buckets="278:2"/>
   <duration count="2" mean="300" min="300" max="300" buckets="408:2"/>
  </symbol>
  <symbol id="19" call="MPI_Irecv" comm="2" tag="4" dtsize="8" site="4" prev-site="3" occurrences="2">
   <peer kind="null"/>
   <side role="member" flags="" events="2" rbytes-events="0" count="103 122 112.5" bytes="824 976 900" rbytes="0 0 0"/>
   <compute count="2" mean="50" min="50" max="50" shift="100" buckets="278:2"/>
   <compute-cpu count="2" mean="50" min="50" max="50" shift="100" buckets="278:2"/>
   <duration count="2" mean="300" min="300" max="300" buckets="408:2"/>
  </symbol>
  <symbol id="20" call="MPI_Isend" comm="2" tag="2" dtsize="8" site="7" prev-site="6" occurrences="1">
   <peer kind="cart" vec="1 0"/>
   <side role="member" flags="" events="1" rbytes-events="1" count="151 151 151" bytes="1208 1208 1208" rbytes="0 0 0"/>
   <compute count="1" mean="50" min="50" max="50" shift="100" buckets="278:1"/>
   <compute-cpu count="1" mean="50" min="50" max="50" shift="100" buckets="278:1"/>
   <duration count="1" mean="300" min="300" max="300" buckets="408:1"/>
  </symbol>
  <symbol id="21" call="MPI_Reduce" comm="2" dtsize="8" op="MPI_SUM" site="12" prev-site="11" occurrences="1">
   <root kind="abs" value="0"/>
   <side role="root" flags="" events="1" rbytes-events="1" count="1 1 1" bytes="8 8 8" rbytes="8 8 8"/>
   <compute count="1" mean="900" min="900" max="900" shift="100" buckets="487:1"/>
   <compute-cpu count="1" mean="900" min="900" max="900" shift="100" buckets="487:1"/>
   <duration count="1" mean="4000" min="4000" max="4000" buckets="597:1"/>
  </symbol>
  <symbol id="22" call="MPI_Finalize" comm="0" site="20" prev-site="12" occurrences="1">
   <side role="member" flags="" events="1" rbytes-events="1" count="0 0 0" bytes="0 0 0" rbytes="0 0 0"/>
   <compute count="1" mean="9900" min="9900" max="9900" shift="100" buckets="660:1"/>
   <compute-cpu count="1" mean="9900" min="9900" max="9900" shift="100" buckets="660:1"/>
   <duration count="1" mean="100000" min="100000" max="100000" buckets="826:1"/>
  </symbol>
  <block id="0" events="84" time-ns="639942">
   <s ref="0"/>
   <s ref="1"/>
   <s ref="2"/>
   <s ref="3"/>
   <s ref="4"/>
   <s ref="5"/>
   <s ref="6"/>
   <s ref="7"/>
   <s ref="8"/>
   <s ref="9"/>
   <s ref="10"/>
   <s ref="11"/>
   <s ref="2"/>
   <s ref="3"/>
   <s ref="4"/>
   <s ref="12"/>
   <s ref="13"/>
   <s ref="7"/>
   <s ref="14"/>
   <s ref="9"/>
   <s ref="10"/>
   <s ref="11"/>
   <s ref="2"/>
   <s ref="3"/>
   <s ref="4"/>
   <s ref="12"/>
   <s ref="13"/>
   <s ref="15"/>
   <s ref="8"/>
   <s ref="16"/>
   <s ref="10"/>
   <s ref="11"/>
   <s ref="17"/>
   <s ref="18"/>
   <s ref="19"/>
   <s ref="12"/>
   <s ref="6"/>
   <s ref="7"/>
   <s ref="14"/>
   <s ref="16"/>
   <s ref="10"/>
   <s ref="11"/>
   <s ref="2"/>
   <s ref="3"/>
   <s ref="4"/>
   <s ref="12"/>
   <s ref="6"/>
   <s ref="15"/>
   <s ref="8"/>
   <s ref="9"/>
   <s ref="10"/>
   <s ref="11"/>
   <s ref="2"/>
   <s ref="3"/>
   <s ref="4"/>
   <s ref="12"/>
   <s ref="13"/>
   <s ref="20"/>
   <s ref="14"/>
   <s ref="16"/>
   <s ref="10"/>
   <s ref="11"/>
   <s ref="2"/>
   <s ref="18"/>
   <s ref="19"/>
   <s ref="12"/>
   <s ref="13"/>
   <s ref="7"/>
   <s ref="14"/>
   <s ref="16"/>
   <s ref="10"/>
   <s ref="11"/>
   <s ref="2"/>
   <s ref="3"/>
   <s ref="4"/>
   <s ref="5"/>
   <s ref="13"/>
   <s ref="15"/>
   <s ref="14"/>
   <s ref="16"/>
   <s ref="10"/>
   <s ref="11"/>
   <s ref="21"/>
   <s ref="22"/>
  </block>
 </class>
 <class id="1" ranks="1" program="1" events="84" length="84" time-ns="3721839">
  <symbol id="23" call="MPI_Init" comm="0" site="0" occurrences="1">
   <side role="member" flags="" events="1" rbytes-events="1" count="0 0 0" bytes="0 0 0" rbytes="0 0 0"/>
   <compute count="1" mean="19900" min="19900" max="19900" shift="100" buckets="711:1"/>
   <compute-cpu count="1" mean="19900" min="19900" max="19900" shift="100" buckets="711:1"/>
   <duration count="1" mean="3e+06" min="3000000" max="3000000" buckets="1071:1"/>
  </symbol>
  <symbol id="24" call="MPI_Cart_create" comm="0" newcomm="2" site="1" prev-site="0" occurrences="1">
   <side role="member" flags="" events="1" rbytes-events="1" count="0 0 0" bytes="0 0 0" rbytes="0 0 0"/>
   <compute count="1" mean="4900" min="4900" max="4900" shift="100" buckets="610:1"/>
   <compute-cpu count="1" mean="4900" min="4900" max="4900" shift="100" buckets="610:1"/>
   <duration count="1" mean="20000" min="20000" max="20000" buckets="711:1"/>
  </symbol>
  <symbol id="25" call="MPI_Irecv" comm="2" tag="2" dtsize="8" site="2" occurrences="6">
   <peer kind="cart" vec="-1 0"/>
   <side role="member" flags="" events="6" rbytes-events="6" count="125 149 131.16666666666666" bytes="1000 1192 1049.3333333333333" rbytes="0 0 0"/>
   <compute count="6" mean="48853.5" min="45276" max="52225" shift="100" buckets="769:2 771:1 778:1 779:2"/>
   <compute-cpu count="6" mean="48853.5" min="45276" max="52225" shift="100" buckets="769:2 771:1 778:1 779:2"/>
   <duration count="6" mean="300" min="300" max="300" buckets="408:6"/>
  </symbol>
  <symbol id="26" call="MPI_Irecv" comm="2" tag="1" dtsize="8" site="3" prev-site="2" occurrences="4">
   <peer kind="null"/>
   <side role="member" flags="" events="4" rbytes-events="0" count="104 123 115.75" bytes="832 984 926" rbytes="0 0 0"/>
   <compute count="4" mean="50" min="50" max="50" shift="100" buckets="278:4"/>
   <compute-cpu count="4" mean="50" min="50" max="50" shift="100" buckets="278:4"/>
   <duration count="4" mean="300" min="300" max="300" buckets="408:4"/>
  </symbol>
  <symbol id="27" call="MPI_Irecv" comm="2" tag="4" dtsize="8" site="4" prev-site="3" occurrences="4">
   <peer kind="null"/>
   <side role="member" flags="" events="4" rbytes-events="0" count="128 144 135.5" bytes="1024 1152 1084" rbytes="0 0 0"/>
   <compute count="4" mean="50" min="50" max="50" shift="100" buckets="278:4"/>
   <compute-cpu count="4" mean="50" min="50" max="50" shift="100" buckets="278:4"/>
   <duration count="4" mean="300" min="300" max="300" buckets="408:4"/>
  </symbol>
  <symbol id="28" call="MPI_Irecv" comm="2" tag="3" dtsize="8" site="5" prev-site="4" occurrences="7">
   <peer kind="null"/>
   <side role="member" flags="" events="7" rbytes-events="0" count="130 151 141.71428571428572" bytes="1040 1208 1133.7142857142858" rbytes="0 0 0"/>
   <compute count="7" mean="50" min="50" max="50" shift="100" buckets="278:7"/>
   <compute-cpu count="7" mean="50" min="50" max="50" shift="100" buckets="278:7"/>
   <duration count="7" mean="300" min="300" max="300" buckets="408:7"/>
  </symbol>
  <symbol id="29" call="MPI_Isend" comm="2" tag="1" dtsize="8" site="6" prev-site="5" occurrences="7">
   <peer kind="cart" vec="-1 0"/>
   <side role="member" flags="" events="7" rbytes-events="7" count="115 134 126" bytes="920 1072 1008" rbytes="0 0 0"/>
   <compute count="7" mean="50" min="50" max="50" shift="100" buckets="278:7"/>
   <compute-cpu count="7" mean="50" min="50" max="50" shift="100" buckets="278:7"/>
   <duration count="7" mean="300" min="300" max="300" buckets="408:7"/>
  </symbol>
  <symbol id="30" call="MPI_Isend" comm="2" tag="2" dtsize="8" site="7" prev-site="6" occurrences="4">
   <peer kind="null"/>
   <side role="member" flags="" events="4" rbytes-events="4" count="126 148 138.5" bytes="1008 1184 1108" rbytes="0 0 0"/>
   <compute count="4" mean="50" min="50" max="50" shift="100" buckets="278:4"/>
   <compute-cpu count="4" mean="50" min="50" max="50" shift="100" buckets="278:4"/>
   <duration count="4" mean="300" min="300" max="300" buckets="408:4"/>
  </symbol>
  <symbol id="31" call="MPI_Isend" comm="2" tag="3" dtsize="8" site="8" prev-site="7" occurrences="5">
   <peer kind="null"/>
   <side role="member" flags="" events="5" rbytes-events="5" count="106 124 116.8" bytes="848 992 934.4" rbytes="0 0 0"/>
   <compute count="5" mean="50" min="50" max="50" shift="100" buckets="278:5"/>
   <compute-cpu count="5" mean="50" min="50" max="50" shift="100" buckets="278:5"/>
   <duration count="5" mean="300" min="300" max="300" buckets="408:5"/>
  </symbol>
  <symbol id="32" call="MPI_Isend" comm="2" tag="4" dtsize="8" site="9" prev-site="8" occurrences="4">
   <peer kind="null"/>
   <side role="member" flags="" events="4" rbytes-events="4" count="129 141 136.5" bytes="1032 1128 1092" rbytes="0 0 0"/>
   <compute count="4" mean="50" min="50" max="50" shift="100" buckets="278:4"/>
   <compute-cpu count="4" mean="50" min="50" max="50" shift="100" buckets="278:4"/>
   <duration count="4" mean="300" min="300" max="300" buckets="408:4"/>
  </symbol>
  <symbol id="33" call="MPI_Waitall" comm="0" site="10" prev-site="9" occurrences="8">
   <side role="member" flags="" events="8" rbytes-events="8" count="0 0 0" bytes="0 0 0" rbytes="0 0 0"/>
   <link dist="8" index="0" call="MPI_Irecv"/>
   <link dist="7" index="1" call="MPI_Irecv"/>
   <link dist="6" index="2" call="MPI_Irecv"/>
   <link dist="5" index="3" call="MPI_Irecv"/>
   <link dist="4" index="4" call="MPI_Isend"/>
   <link dist="3" index="5" call="MPI_Isend"/>
   <link dist="2" index="6" call="MPI_Isend"/>
   <link dist="1" index="7" call="MPI_Isend"/>
   <compute count="8" mean="100" min="100" max="100" shift="100" buckets="328:8"/>
   <compute-cpu count="8" mean="100" min="100" max="100" shift="100" buckets="328:8"/>
   <duration count="8" mean="5000" min="5000" max="5000" buckets="611:8"/>
  </symbol>
  <symbol id="34" call="MPI_Allreduce" comm="2" dtsize="8" op="MPI_SUM" site="11" prev-site="10" occurrences="8">
   <side role="member" flags="" events="8" rbytes-events="8" count="1 1 1" bytes="8 8 8" rbytes="8 8 8"/>
   <compute count="8" mean="12514.875" min="11493" max="13631" shift="100" buckets="669:1 670:1 671:1 675:1 678:2 681:1 682:1"/>
   <compute-cpu count="8" mean="12514.875" min="11493" max="13631" shift="100" buckets="669:1 670:1 671:1 675:1 678:2 681:1 682:1"/>
   <duration count="8" mean="3000" min="3000" max="3000" buckets="573:8"/>
  </symbol>
  <symbol id="35" call="MPI_Irecv" comm="2" tag="1" dtsize="8" site="3" prev-site="2" occurrences="4">
   <peer kind="null"/>
   <side role="member" flags="" events="4" rbytes-events="0" count="126 147 135.25" bytes="1008 1176 1082" rbytes="0 0 0"/>
   <compute count="4" mean="50" min="50" max="50" shift="100" buckets="278:4"/>
   <compute-cpu count="4" mean="50" min="50" max="50" shift="100" buckets="278:4"/>
   <duration count="4" mean="300" min="300" max="300" buckets="408:4"/>
  </symbol>
  <symbol id="36" call="MPI_Isend" comm="2" tag="2" dtsize="8" site="7" prev-site="6" occurrences="4">
   <peer kind="null"/>
   <side role="member" flags="" events="4" rbytes-events="4" count="103 115 108.75" bytes="824 920 870" rbytes="0 0 0"/>
   <compute count="4" mean="50" min="50" max="50" shift="100" buckets="278:4"/>
   <compute-cpu count="4" mean="50" min="50" max="50" shift="100" buckets="278:4"/>
   <duration count="4" mean="300" min="300" max="300" buckets="408:4"/>
  </symbol>
  <symbol id="37" call="MPI_Irecv" comm="2" tag="4" dtsize="8" site="4" prev-site="3" occurrences="4">
   <peer kind="null"/>
   <side role="member" flags="" events="4" rbytes-events="0" count="105 125 115.25" bytes="840 1000 922" rbytes="0 0 0"/>
   <compute count="4" mean="50" min="50" max="50" shift="100" buckets="278:4"/>
   <compute-cpu count="4" mean="50" min="50" max="50" shift="100" buckets="278:4"/>
   <duration count="4" mean="300" min="300" max="300" buckets="408:4"/>
  </symbol>
  <symbol id="38" call="MPI_Isend" comm="2" tag="3" dtsize="8" site="8" prev-site="7" occurrences="3">
   <peer kind="null"/>
   <side role="member" flags="" events="3" rbytes-events="3" count="132 144 137.66666666666666" bytes="1056 1152 1101.3333333333333" rbytes="0 0 0"/>
   <compute count="3" mean="50" min="50" max="50" shift="100" buckets="278:3"/>
   <compute-cpu count="3" mean="50" min="50" max="50" shift="100" buckets="278:3"/>
   <duration count="3" mean="300" min="300" max="300" buckets="408:3"/>
  </symbol>
  <symbol id="39" call="MPI_Isend" comm="2" tag="4" dtsize="8" site="9" prev-site="8" occurrences="4">
   <peer kind="null"/>
   <side role="member" flags="" events="4" rbytes-events="4" count="102 118 111.75" bytes="816 944 894" rbytes="0 0 0"/>
   <compute count="4" mean="50" min="50" max="50" shift="100" buckets="278:4"/>
   <compute-cpu count="4" mean="50" min="50" max="50" shift="100" buckets="278:4"/>
   <duration count="4" mean="300" min="300" max="300" buckets="408:4"/>
  </symbol>
  <symbol id="40" call="MPI_Irecv" comm="2" tag="3" dtsize="8" site="5" prev-site="4" occurrences="1">
   <peer kind="null"/>
   <side role="member" flags="" events="1" rbytes-events="0" count="106 106 106" bytes="848 848 848" rbytes="0 0 0"/>
   <compute count="1" mean="50" min="50" max="50" shift="100" buckets="278:1"/>
   <compute-cpu count="1" mean="50" min="50" max="50" shift="100" buckets="278:1"/>
   <duration count="1" mean="300" min="300" max="300" buckets="408:1"/>
  </symbol>
  <symbol id="41" call="MPI_Irecv" comm="2" tag="2" dtsize="8" site="2" prev-site="11" occurrences="2">
   <peer kind="cart" vec="-1 0"/>
   <side role="member" flags="" events="2" rbytes-events="2" count="102 119 110.5" bytes="816 952 884" rbytes="0 0 0"/>
   <compute count="2" mean="46899.5" min="46614" max="47185" shift="100" buckets="771:1 772:1"/>
   <compute-cpu count="2" mean="46899.5" min="46614" max="47185" shift="100" buckets="771:1 772:1"/>
   <duration count="2" mean="300" min="300" max="300" buckets="408:2"/>
  </symbol>
  <symbol id="42" call="MPI_Isend" comm="2" tag="1" dtsize="8" site="6" prev-site="5" occurrences="1">
   <peer kind="cart" vec="-1 0"/>
   <side role="member" flags="" events="1" rbytes-events="1" count="150 150 150" bytes="1200 1200 1200" rbytes="0 0 0"/>
   <compute count="1" mean="50" min="50" max="50" shift="100" buckets="278:1"/>
   <compute-cpu count="1" mean="50" min="50" max="50" shift="100" buckets="278:1"/>
   <duration count="1" mean="300" min="300" max="300" buckets="408:1"/>
  </symbol>
  <symbol id="43" call="MPI_Reduce" comm="2" dtsize="8" op="MPI_SUM" site="12" prev-site="11" occurrences="1">
   <root kind="abs" value="0"/>
   <side role="member" flags="" events="1" rbytes-events="1" count="1 1 1" bytes="8 8 8" rbytes="0 0 0"/>
   <compute count="1" mean="900" min="900" max="900" shift="100" buckets="487:1"/>
   <compute-cpu count="1" mean="900" min="900" max="900" shift="100" buckets="487:1"/>
   <duration count="1" mean="4000" min="4000" max="4000" buckets="597:1"/>
  </symbol>
  <symbol id="44" call="MPI_Finalize" comm="0" site="20" prev-site="12" occurrences="1">
   <side role="member" flags="" events="1" rbytes-events="1" count="0 0 0" bytes="0 0 0" rbytes="0 0 0"/>
   <compute count="1" mean="9900" min="9900" max="9900" shift="100" buckets="660:1"/>
   <compute-cpu count="1" mean="9900" min="9900" max="9900" shift="100" buckets="660:1"/>
   <duration count="1" mean="100000" min="100000" max="100000" buckets="826:1"/>
  </symbol>
  <block id="1" events="84" time-ns="633439">
   <s ref="23"/>
   <s ref="24"/>
   <s ref="25"/>
   <s ref="26"/>
   <s ref="27"/>
   <s ref="28"/>
   <s ref="29"/>
   <s ref="30"/>
   <s ref="31"/>
   <s ref="32"/>
   <s ref="33"/>
   <s ref="34"/>
   <s ref="25"/>
   <s ref="35"/>
   <s ref="27"/>
   <s ref="28"/>
   <s ref="29"/>
   <s ref="36"/>
   <s ref="31"/>
   <s ref="32"/>
   <s ref="33"/>
   <s ref="34"/>
   <s ref="25"/>
   <s ref="26"/>
   <s ref="37"/>
   <s ref="28"/>
   <s ref="29"/>
   <s ref="36"/>
   <s ref="38"/>
   <s ref="39"/>
   <s ref="33"/>
   <s ref="34"/>
   <s ref="25"/>
   <s ref="35"/>
   <s ref="37"/>
   <s ref="40"/>
   <s ref="29"/>
   <s ref="30"/>
   <s ref="38"/>
   <s ref="32"/>
   <s ref="33"/>
   <s ref="34"/>
   <s ref="25"/>
   <s ref="26"/>
   <s ref="27"/>
   <s ref="28"/>
   <s ref="29"/>
   <s ref="36"/>
   <s ref="31"/>
   <s ref="39"/>
   <s ref="33"/>
   <s ref="34"/>
   <s ref="41"/>
   <s ref="35"/>
   <s ref="37"/>
   <s ref="28"/>
   <s ref="29"/>
   <s ref="30"/>
   <s ref="31"/>
   <s ref="39"/>
   <s ref="33"/>
   <s ref="34"/>
   <s ref="41"/>
   <s ref="26"/>
   <s ref="37"/>
   <s ref="28"/>
   <s ref="29"/>
   <s ref="30"/>
   <s ref="31"/>
   <s ref="32"/>
   <s ref="33"/>
   <s ref="34"/>
   <s ref="25"/>
   <s ref="35"/>
   <s ref="27"/>
   <s ref="28"/>
   <s ref="42"/>
   <s ref="36"/>
   <s ref="38"/>
   <s ref="39"/>
   <s ref="33"/>
   <s ref="34"/>
   <s ref="43"/>
   <s ref="44"/>
  </block>
 </class>
</signature>
